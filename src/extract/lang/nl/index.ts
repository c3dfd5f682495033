/** Dutch (the Netherlands). */
import type { Language } from '../types.js';
import { LABELS } from './labels.js';

export const nl: Language = {
  code: 'nl',
  name: 'Dutch',
  ocr: { code: 'nld', source: 'folder', sha256: 'ced0e5e046a84c908a6aa7accbef9a232c4a5d9a8276691b81c6ee64d02963f6' },
  labels: LABELS,
  months: [['januari'], ['februari'], ['maart'], ['april'], ['mei'], ['juni'], ['juli'], ['augustus'], ['september'], ['oktober'], ['november'], ['december']],
  weekdays: ['maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag', 'zondag', 'ma', 'wo', 'vr', 'za', 'zo'],
  functionWords: 'de het en van een voor met op aan bij uw wij ons is zijn te niet bedankt graag',
  linkWords: ['van', 'de', 'der', 'den'],
  countries: ['NL'],
  document: {
    titles: [
      'factuur', 'kassabon', 'rekeningafschrift', 'bankafschrift', 'prijslijst', 'loonstrook', 'salarisstrook', 'paklijst', 'pakbon', 'inkooporder', 'bestelbon',
      'energierekening', 'jaarnota',
    ],
    purchaseOrderTitles: ['inkooporder', 'bestelbon'],
    change: ['wisselgeld', 'terug', 'retour'],
    taxJoins: { rate: ['à', 'van'], base: ['over', 'van', 'op'] },
    itemAdjustments: ['korting', 'actiekorting', 'bonus', 'voordeel', 'coupon'],
    savingsTold: ['u bespaart', 'uw voordeel', 'bespaard'],
    voids: ['storno', 'annulering', 'geannuleerd'],
    rounding: ['afronding', 'afrondingsverschil'],
    payment: ['contant', 'pin', 'pinpas', 'pinbetaling'],
    contact: ['btw', 'kvk', 'telefoon'],
    streets: ['straat', 'laan', 'weg', 'plein', 'gracht', 'kade', 'singel'],
    addressLines: ['t\\.?\\s?a\\.?\\s?v', 'p/a', 'afdeling', 'afd', 'bedrijventerrein', 'industrieterrein', 'postbus', 'winkelcentrum', 'begane grond'],
    companyForms: ['bv', 'nv', 'vof', 'cv'],
  },
  print: {
    invoice: 'Factuur', creditNote: 'Creditnota', number: 'Factuurnummer', issueDate: 'Factuurdatum', dueDate: 'Vervaldatum',
    deliveryDate: 'Leverdatum', buyerReference: 'Referentie koper', orderReference: 'Ordernummer', seller: 'Verkoper', buyer: 'Koper',
    vatId: 'Btw-nummer', taxNumber: 'Fiscaal nummer', legalId: 'KvK', position: 'Pos.', itemId: 'Artikelnr.', item: 'Omschrijving',
    quantity: 'Aantal', unit: 'Eenheid', price: 'Prijs per stuk', vatRate: 'Btw %', amount: 'Bedrag', lineNet: 'Som regels', allowances: 'Kortingen',
    charges: 'Toeslagen', taxBasis: 'Totaal excl. btw', vat: 'Btw', total: 'Totaal', prepaid: 'Betaald', due: 'Te betalen', payment: 'Betaling', page: 'Pagina',
    units: { piece: 'st', pack: 'pak', lumpSum: 'forfait', day: 'dag', week: 'week', month: 'maand', year: 'jaar' },
  },
};
