/** German (Germany, Austria, Switzerland, Liechtenstein). */
import type { Language } from '../types.js';
import { LABELS } from './labels.js';

export const de: Language = {
  code: 'de',
  name: 'German',
  ocr: { code: 'deu', source: 'folder', sha256: '19d219bbb6672c869d20a9636c6816a81eb9a71796cb93ebe0cb1530e2cdb22d' },
  labels: LABELS,
  // "Jänner" is Austrian January; "Mrz" the short March of bank statements.
  months: [['januar', 'janner'], ['februar'], ['marz', 'maerz', 'mrz'], ['april'], ['mai'], ['juni'], ['juli'], ['august'], ['september'], ['oktober'], ['november'], ['dezember']],
  weekdays: ['montag', 'dienstag', 'mittwoch', 'donnerstag', 'freitag', 'samstag', 'sonnabend', 'sonntag', 'mo', 'di', 'mi', 'do', 'fr', 'sa', 'so'],
  functionWords: 'und der die das den dem des mit fur von zu auf bei ein eine einer nicht ist bitte vielen dank ihre ihr sie wir uns zzgl inkl',
  linkWords: ['von', 'der', 'den', 'das'],
  typed: { ä: 'ae', ö: 'oe', ü: 'ue' },
  folds: { ß: 'ss' },
  letters: /[äöüß]/i,
  countries: ['DE', 'AT', 'CH', 'LI'],
  answers: { yes: ['ja'], no: ['nein'] },
  document: {
    titles: [
      'rechnung', 'quittung', 'kassenbon', 'gutschrift', 'kontoauszug', 'lieferschein', 'bestellung', 'kostenrechnung', 'k o s t e n r e c h n u n g',
      'rechnungs-?korrektur', 'korrekturrechnung', 'preisliste', 'entgeltabrechnung', 'gehaltsabrechnung', 'lohnabrechnung', 'verdienstabrechnung',
      'packliste', 'stromrechnung', 'jahresabrechnung',
    ],
    purchaseOrderTitles: ['bestellung'],
    change: ['rückgeld', 'wechselgeld', 'zurück'],
    taxJoins: { rate: ['zu'], base: ['auf', 'von', 'aus'] },
    itemAdjustments: ['rabatt', 'preisvorteil', 'aktionsrabatt', 'sofortrabatt', 'nachlass', 'preisnachlass', 'coupon', 'gutschein', 'aktion'],
    savingsTold: ['sie sparen', 'sie haben gespart', 'ersparnis', 'gespart'],
    voids: ['storno', 'stornierung', 'storniert'],
    rounding: ['rundung', 'rundungsdifferenz'],
    payment: ['bar', 'barzahlung', 'karte', 'ec[- ]karte', 'ec[- ]cash', 'elec\\.?-cash', 'girocard', 'kreditkarte', '(?:ec-|kredit)?kartenzahlung'],
    contact: ['ust', 'uid', 'steuer', 'telefon'],
    streets: ['straße', 'strasse', 'str', 'weg', 'platz', 'allee', 'gasse', 'ring', 'damm'],
    addressLines: ['z\\.\\s?hd', 'zhd', 'zu händen', 'c/o', 'abt', 'abteilung', 'buchhaltung', 'einkauf', 'rechnungswesen', 'gebäude', 'postfach', 'einkaufszentrum', 'einkaufscenter', 'erdgeschoss'],
    companyForms: ['gmbh', 'ag', 'kg', 'ohg', 'gbr', 'ug', 'mbh', 'ek', 'eg', 'ev', 'se', 'kgaa'],
  },
  print: {
    invoice: 'Rechnung', creditNote: 'Gutschrift', number: 'Rechnungsnummer', issueDate: 'Rechnungsdatum', dueDate: 'Fällig am',
    deliveryDate: 'Lieferdatum', buyerReference: 'Käuferreferenz', orderReference: 'Bestellnummer', seller: 'Verkäufer', buyer: 'Käufer',
    vatId: 'USt-IdNr.', taxNumber: 'Steuernummer', legalId: 'Register', position: 'Pos.', itemId: 'Artikelnr.', item: 'Bezeichnung',
    quantity: 'Menge', unit: 'Einheit', price: 'Einzelpreis', vatRate: 'USt. %', amount: 'Betrag', lineNet: 'Summe Positionen', allowances: 'Nachlässe',
    charges: 'Zuschläge', taxBasis: 'Nettobetrag', vat: 'USt.', total: 'Gesamtbetrag', prepaid: 'Bereits gezahlt', due: 'Zahlbetrag', payment: 'Zahlung', page: 'Seite',
    units: { piece: 'Stk', pack: 'Pkg', lumpSum: 'pauschal', day: 'Tag', week: 'Woche', month: 'Monat', year: 'Jahr' },
  },
};
