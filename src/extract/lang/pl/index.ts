/** Polish (Poland). */
import type { Language } from '../types.js';
import { LABELS } from './labels.js';

export const pl: Language = {
  code: 'pl',
  name: 'Polish',
  ocr: { code: 'pol', source: 'folder', sha256: 'c4476cdbc0e33d898d32345122b7be1cbf85ace15f920f06c7714756e1ef79b2' },
  labels: LABELS,
  // Dates with a month's name put it in the genitive ("12 marca 2024"); headings and periods in the nominative ("marzec 2024").
  months: [
    ['styczen', 'stycznia'], ['luty', 'lutego'], ['marzec', 'marca'], ['kwiecien', 'kwietnia'], ['maj', 'maja'], ['czerwiec', 'czerwca'],
    ['lipiec', 'lipca'], ['sierpien', 'sierpnia'], ['wrzesien', 'wrzesnia'], ['pazdziernik', 'pazdziernika'], ['listopad', 'listopada'], ['grudzien', 'grudnia'],
  ],
  weekdays: ['poniedzialek', 'wtorek', 'sroda', 'czwartek', 'piatek', 'sobota', 'niedziela', 'pon', 'wt', 'sr', 'czw', 'pt', 'sob', 'niedz'],
  // "ul" opens a street ("ul. Długa 5"), "zl" is the złoty ("zł"); both stand on nearly every Polish business document.
  functionWords: 'nie jest sie ze od za dla przez oraz lub wraz ul zl pln sp prosimy dziekujemy zapraszamy slownie',
  folds: { ł: 'l' },
  letters: /[ąćęłńśźż]/i,
  countries: ['PL'],
  table: {
    summary: ['razem', 'og[óo][łl]em', 'do zap[łl]aty', '[łl][ąa]cznie'],
    footnote: ['uwagi?'],
    note: ['uwaga', 'uwagi'],
    caption: ['rysunek', 'rys\\.'],
    continued: ['oraz', 'lub', 'dla'],
  },
  document: {
    titles: [
      'faktura(?: vat)?', 'faktura korygująca', 'faktura pro forma', 'paragon(?: fiskalny)?', 'rachunek', 'wyciąg(?: bankowy| z rachunku)?', 'zamówienie', 'cennik',
      'pasek wynagrodze[nń]', 'lista p[łl]ac', 'lista pakowa', 'specyfikacja wysy[łl]ki', 'dow[óo]d dostawy', 'wydanie zewn[ęe]trzne', 'nota uznaniowa',
    ],
    purchaseOrderTitles: ['zamówienie(?: zakupu)?'],
    change: ['reszta'],
    taxJoins: { rate: [], base: ['od'] },
    itemAdjustments: ['rabat', 'promocja', 'upust', 'kupon'],
    savingsTold: ['oszczędzasz', 'oszczędność', 'zaoszczędzono'],
    voids: ['storno', 'anulowano', 'anulowanie'],
    rounding: ['zaokrąglenie'],
    payment: ['gotówka', 'gotowka', 'karta', 'karta płatnicza', 'płatność kartą', 'blik'],
    contact: ['nip', 'regon', 'krs', 'bdo', 'telefon'],
    streets: ['ul', 'ulica', 'al', 'aleja', 'plac', 'os', 'osiedle'],
    addressLines: ['centrum handlowe', 'parter'],
    companyForms: ['sp z oo', 'spzoo', 'sa', 'spj', 'spk', 'spp'],
  },
  header: {
    stopWords: ['dla', 'oraz', 'lub'],
  },
  print: {
    invoice: 'Faktura', creditNote: 'Faktura korygująca', number: 'Numer faktury', issueDate: 'Data wystawienia', dueDate: 'Termin płatności',
    deliveryDate: 'Data dostawy', buyerReference: 'Referencja nabywcy', orderReference: 'Numer zamówienia', seller: 'Sprzedawca', buyer: 'Nabywca',
    vatId: 'NIP', taxNumber: 'Numer podatkowy', legalId: 'KRS', position: 'Lp.', itemId: 'Kod', item: 'Nazwa towaru lub usługi',
    quantity: 'Ilość', unit: 'J.m.', price: 'Cena jedn. netto', vatRate: 'Stawka VAT', amount: 'Wartość netto', lineNet: 'Suma pozycji', allowances: 'Rabaty',
    charges: 'Dopłaty', taxBasis: 'Razem netto', vat: 'Kwota VAT', total: 'Razem brutto', prepaid: 'Zapłacono', due: 'Do zapłaty', payment: 'Płatność', page: 'Strona',
    units: { piece: 'szt.', pack: 'opak.', lumpSum: 'ryczałt', day: 'dzień', week: 'tydzień', month: 'miesiąc', year: 'rok' },
  },
};
