/** French (France, Belgium, Luxembourg, Monaco). */
import type { Language } from '../types.js';
import { LABELS } from './labels.js';

export const fr: Language = {
  code: 'fr',
  name: 'French',
  ocr: { code: 'fra', source: 'folder', sha256: 'ced037562e8c80c13122dece28dd477d399af80911a28791a66a63ac1e3445ca' },
  labels: LABELS,
  months: [['janvier'], ['fevrier'], ['mars'], ['avril'], ['mai'], ['juin'], ['juillet'], ['aout'], ['septembre'], ['octobre'], ['novembre'], ['decembre']],
  weekdays: ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche', 'lun', 'mar', 'mer', 'jeu', 'ven', 'sam', 'dim'],
  dates: { ordinals: ['er'] },
  functionWords: 'le la les des du et pour sur avec au aux une un est votre vos nous merci veuillez sont',
  linkWords: ['d', 'l', 'de', 'du', 'des', 'la', 'le'],
  letters: /[èêëçœ]/i,
  countries: ['FR', 'BE', 'LU', 'MC'],
  answers: { yes: ['oui'], no: ['non'] },
  document: {
    titles: [
      'facture', 're[çc]u', 'avoir', 'relev[ée]', 'ticket', 'extrait de compte', 'liste de prix', 'tarifs', 'bulletin de (?:paie|salaire)', 'liste de colisage',
      'bon de (?:commande|livraison)',
    ],
    purchaseOrderTitles: ['bon de commande'],
    change: ['rendu', 'rendu monnaie', 'monnaie rendue'],
    taxJoins: { rate: ['à', 'a'], base: ['sur', 'de'] },
    itemAdjustments: ['remise', 'réduction', 'promo(?:tion)?', 'bon de réduction', 'coupon'],
    savingsTold: ['vous économisez', 'vous avez économisé', 'économie'],
    voids: ['annulation', 'annulé'],
    rounding: ['arrondi'],
    payment: ['espèces', 'carte', 'carte bancaire', 'cb'],
    contact: ['tva', 'siret', 'siren', 'tél', 'téléphone'],
    streets: ['rue', 'avenue', 'av', 'boulevard', 'bd', 'place', 'chemin', 'allée', 'route', 'quai', 'impasse'],
    addressLines: ['à l[\'’]att(?:ention)?', 'a l[\'’]att(?:ention)?', 'c/o', 'service', 'bâtiment', 'bât', 'zone', 'za', 'zi', 'zac', 'parc d[\'’]activités', 'bp', 'cs', 'centre commercial', 'galerie marchande', 'rez-de-chaussée'],
    companyForms: ['sarl', 'sas', 'sasu', 'sa', 'eurl', 'snc', 'sci', 'scop'],
  },
  print: {
    invoice: 'Facture', creditNote: 'Avoir', number: 'Numéro de facture', issueDate: 'Date de facture', dueDate: "Date d'échéance",
    deliveryDate: 'Date de livraison', buyerReference: "Référence de l'acheteur", orderReference: 'Numéro de commande', seller: 'Vendeur', buyer: 'Acheteur',
    vatId: 'N° TVA', taxNumber: 'N° fiscal', legalId: 'SIRET', position: 'N°', itemId: 'Réf.', item: 'Désignation',
    quantity: 'Qté', unit: 'Unité', price: 'Prix unitaire', vatRate: 'TVA %', amount: 'Montant', lineNet: 'Total lignes', allowances: 'Remises',
    charges: 'Frais', taxBasis: 'Total HT', vat: 'TVA', total: 'Total TTC', prepaid: 'Acompte', due: 'Net à payer', payment: 'Paiement', page: 'Page',
    units: { piece: 'pce', pack: 'paquet', lumpSum: 'forfait', day: 'jour', week: 'semaine', month: 'mois', year: 'an' },
  },
};
