/** Portuguese (Portugal, Brazil). */
import type { Language } from '../types.js';
import { LABELS } from './labels.js';

export const pt: Language = {
  code: 'pt',
  name: 'Portuguese',
  ocr: { code: 'por', source: 'folder', sha256: 'c4932b937207a9514b7514d518b931a99938c02a28a5a5a553f8599ed58b7deb' },
  labels: LABELS,
  months: [['janeiro'], ['fevereiro'], ['marco'], ['abril'], ['maio'], ['junho'], ['julho'], ['agosto'], ['setembro'], ['outubro'], ['novembro'], ['dezembro']],
  weekdays: ['segunda', 'terca', 'quarta', 'quinta', 'sexta', 'segunda-feira', 'terca-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira'],
  dates: { dayJoins: ['de'], yearJoins: ['de'] },
  functionWords: 'os as do da dos das para com em um uma no na seu sua obrigado por ao',
  linkWords: ['de', 'da', 'do', 'dos', 'das'],
  letters: /[ãõ]/i,
  countries: ['PT', 'BR'],
  document: {
    titles: [
      'fatura', 'recibo', 'nota fiscal', 'extrato (?:banc[áa]rio|de conta)', 'tabela de pre[çc]os', 'lista de (?:pre[çc]os|embalagem)', 'recibo de (?:vencimento|sal[áa]rio)',
      'nota de encomenda', 'ordem de compra', 'guia de remessa',
    ],
    purchaseOrderTitles: ['nota de encomenda', 'ordem de compra'],
    change: ['troco'],
    taxJoins: { rate: ['à', 'a'], base: ['sobre', 's/'] },
    itemAdjustments: ['desconto', 'promoção', 'promo', 'cupão', 'cupom'],
    savingsTold: ['poupou', 'poupança', 'poupa'],
    voids: ['anulação', 'anulado', 'estorno'],
    rounding: ['arredondamento'],
    payment: ['numerário', 'dinheiro', 'cartão', 'multibanco'],
    contact: ['nif', 'nipc', 'contribuinte', 'telefone'],
    streets: ['rua', 'avenida', 'av', 'praça', 'travessa', 'largo', 'estrada'],
    addressLines: ['centro comercial', 'rés-do-chão'],
    companyForms: ['lda', 'sa', 'unipessoal lda', 'crl'],
  },
  print: {
    invoice: 'Fatura', creditNote: 'Nota de crédito', number: 'Número da fatura', issueDate: 'Data da fatura', dueDate: 'Vencimento',
    deliveryDate: 'Data de entrega', buyerReference: 'Referência do comprador', orderReference: 'Número da encomenda', seller: 'Vendedor', buyer: 'Comprador',
    vatId: 'NIF IVA', taxNumber: 'NIF', legalId: 'Registo', position: 'Pos.', itemId: 'Ref.', item: 'Descrição',
    quantity: 'Qtd.', unit: 'Unidade', price: 'Preço unitário', vatRate: 'IVA %', amount: 'Valor', lineNet: 'Soma linhas', allowances: 'Descontos',
    charges: 'Encargos', taxBasis: 'Total s/ IVA', vat: 'IVA', total: 'Total', prepaid: 'Pago', due: 'A pagar', payment: 'Pagamento', page: 'Página',
    units: { piece: 'un', pack: 'emb', lumpSum: 'global', day: 'dia', week: 'semana', month: 'mês', year: 'ano' },
  },
};
