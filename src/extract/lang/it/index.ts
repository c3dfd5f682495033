/** Italian (Italy, San Marino). */
import type { Language } from '../types.js';
import { LABELS } from './labels.js';

export const it: Language = {
  code: 'it',
  name: 'Italian',
  ocr: { code: 'ita', source: 'folder', sha256: 'b8f89e1e785118dac4d51ae042c029a64edb5c3ee42ef73027a6d412748d8827' },
  labels: LABELS,
  months: [['gennaio'], ['febbraio'], ['marzo'], ['aprile'], ['maggio'], ['giugno'], ['luglio'], ['agosto'], ['settembre'], ['ottobre'], ['novembre'], ['dicembre']],
  weekdays: ['lunedi', 'martedi', 'mercoledi', 'giovedi', 'venerdi', 'sabato', 'domenica'],
  functionWords: 'il lo la gli le di del della dei delle per con un una su al alla sono grazie vostro nostro',
  linkWords: ['di', 'del', 'da', 'la', 'l', 'd'],
  letters: /[ìò]/i,
  countries: ['IT', 'SM'],
  document: {
    titles: ['fattura', 'scontrino', 'ricevuta', 'estratto conto', 'listino(?: prezzi)?', 'busta paga', 'cedolino', 'ordine (?:di acquisto|fornitore)', 'bolletta', 'documento di trasporto'],
    purchaseOrderTitles: ['ordine (?:di acquisto|fornitore)'],
    change: ['resto'],
    taxJoins: { rate: ['al'], base: ['su', 'sul', 'di'] },
    itemAdjustments: ['sconto', 'promozione', 'promo', 'buono sconto', 'coupon'],
    savingsTold: ['hai risparmiato', 'risparmio', 'risparmi'],
    voids: ['storno', 'annullo', 'annullato'],
    rounding: ['arrotondamento'],
    payment: ['contanti', 'carta', 'carta di credito', 'bancomat'],
    contact: ['iva', 'p\\.?\\s?iva', 'partita', 'telefono'],
    streets: ['via', 'viale', 'piazza', 'corso', 'largo', 'vicolo', 'strada'],
    addressLines: ['centro commerciale', 'galleria', 'piano terra'],
    companyForms: ['srl', 'srls', 'spa', 'snc', 'sas', 'scarl', 'scrl'],
  },
  print: {
    invoice: 'Fattura', creditNote: 'Nota di credito', number: 'Numero fattura', issueDate: 'Data fattura', dueDate: 'Scadenza',
    deliveryDate: 'Data di consegna', buyerReference: "Riferimento dell'acquirente", orderReference: 'Numero ordine', seller: 'Venditore', buyer: 'Acquirente',
    vatId: 'Partita IVA', taxNumber: 'Codice fiscale', legalId: 'REA', position: 'Pos.', itemId: 'Codice', item: 'Descrizione',
    quantity: 'Qtà', unit: 'Unità', price: 'Prezzo unitario', vatRate: 'IVA %', amount: 'Importo', lineNet: 'Totale righe', allowances: 'Sconti',
    charges: 'Maggiorazioni', taxBasis: 'Imponibile', vat: 'IVA', total: 'Totale', prepaid: 'Già pagato', due: 'Da pagare', payment: 'Pagamento', page: 'Pagina',
    units: { piece: 'pz', pack: 'conf', lumpSum: 'forfait', day: 'giorno', week: 'settimana', month: 'mese', year: 'anno' },
  },
};
