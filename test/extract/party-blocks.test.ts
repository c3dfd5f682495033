import { describe, expect, it } from 'vitest';
import type { PageContent } from '../../src/extract/read/page-content.js';
import type { Word } from '../../src/extract/types.js';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { isPostalLine, splitSenderLine } from '../../src/extract/layout/fields/address-blocks.js';
import { makeSegment } from '../../src/extract/layout/lines/lines.js';
import { resolveConcept } from '../../src/extract/concepts/index.js';
import { typeset, type TypesetLine } from './helpers/words.js';
import { ask, page, rowsOf, scanned } from './helpers/requests.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';

describe('address blocks', () => {
  it('knows postal lines of the catalogue countries, before or after the place', () => {
    for (const t of ['80331 München', '75008 Paris', '1012 AB Amsterdam', '4000-322 Porto', 'London EC1A 1BB', 'Dublin D02 X285', 'Austin, TX 78701']) expect(isPostalLine(t), t).toBe(true);
    for (const t of ['Gartenweg 126', "169 place de l'Église", 'Unit 38, Kings Park', 'Invoice No. 2024']) expect(isPostalLine(t), t).toBe(false);
  });

  it('splits the one-line form into the name and the address, a country after the place included', () => {
    const words = typeset([[10, [[10, 'Köhler e.K. · Am Mühlbach 132 · 80331 München · Germany']]]]);
    const split = splitSenderLine(makeSegment(words), DEFAULT_SETTINGS);
    expect(split?.name.map((w) => w.text).join(' ')).toBe('Köhler e.K.');
    expect(split?.address.map((w) => w.text).join(' ')).toBe('Am Mühlbach 132 80331 München Germany');
    // A scan reads the dashes between the parts as hyphens.
    const hyphens = splitSenderLine(makeSegment(typeset([[10, [[10, 'Ridgeway Supplies Inc. - 4 Canal Street - London EC1A 1BB']]]])), DEFAULT_SETTINGS);
    expect(hyphens?.name.map((w) => w.text).join(' ')).toBe('Ridgeway Supplies Inc.');
  });
});

/** A page whose parties are read as `fields`: typeset, then read as a scan (`read`: words' confidences) or with boxes a scan moved (`adjust`). */
interface PartyCase {
  title: string;
  lines: TypesetLine[];
  fields: string[];
  expected: Record<string, string>;
  read?: Record<string, number>;
  adjust?: (w: Word) => Word;
}

const partiesOf = ({ lines, fields, read, adjust }: PartyCase) => {
  const content = read ? scanned(page(lines), read) : page(lines);
  return rowsOf(extractFromContent(adjust ? { ...content, words: content.words.map(adjust) } : content, ask(...fields)));
};

describe('parties', () => {
  it.each<PartyCase>([
    {
      // A purchase order: the buyer's letterhead, centred; the title; the supplier's block under its label; a box row of values.
      title: 'ends the letterhead address at its postal line, not at the title under it, and reads a purchase order from the buyer',
      lines: [
        [40, [[420, 'Dubois SARL']]],
        [60, [[430, "169 place de l'Église"]]],
        [75, [[440, '1000 Bruxelles']]],
        [100, [[70, 'BON DE COMMANDE']]],
        [150, [[70, 'Fournisseur']]],
        [165, [[70, 'Dubois et Fils SARL']]],
        [180, [[70, '76 place de l\'Église']]],
        [195, [[70, '75008 Paris']]],
        [230, [[70, 'N° de commande'], [360, 'Date']]],
        [245, [[70, '481119'], [360, '28/09/2022']]],
      ],
      fields: ['buyer_name', 'buyer_address', 'seller_name', 'seller_address', 'order_number'],
      expected: {
        buyer_name: 'Dubois SARL', buyer_address: "169 place de l'Église\n1000 Bruxelles",
        seller_name: 'Dubois et Fils SARL', seller_address: "76 place de l'Église\n75008 Paris", order_number: '481119',
      },
    },
    {
      title: 'reads the addressee under a recipient label beside a column of labels and values, and the order under a PO label',
      lines: [
        [40, [[750, 'De Vries N.V.']]],
        [60, [[760, 'Prinsengracht 17']]],
        [75, [[760, '3011 AD Rotterdam']]],
        [100, [[70, 'FACTUUR']]],
        [150, [[70, 'Aan'], [670, 'Factuurnr.'], [830, 'INV2025-3887']]],
        [165, [[70, 'De Jong V.O.F.'], [670, 'PO-nummer'], [830, 'PO-4711']]],
        [180, [[70, 'Prinsengracht 43'], [670, 'Klantnr.'], [830, '23931']]],
        [195, [[70, '5611 EM Eindhoven']]],
        [900, [[330, 'De Vries N.V. · Prinsengracht 17 · 3011 AD Rotterdam']]],
      ],
      fields: ['seller_name', 'seller_address', 'buyer_name', 'buyer_address', 'order_number'],
      expected: {
        seller_name: 'De Vries N.V.', seller_address: 'Prinsengracht 17\n3011 AD Rotterdam', buyer_name: 'De Jong V.O.F.', buyer_address: 'Prinsengracht 43\n5611 EM Eindhoven', order_number: 'PO-4711',
      },
    },
    {
      title: 'takes the employee from the window block of a payslip, under the one-line sender',
      lines: [
        [40, [[70, 'Köhler e.K.']]],
        [60, [[70, 'Am Mühlbach 132']]],
        [75, [[70, '80331 München']]],
        [100, [[70, 'Gehaltsabrechnung']]],
        [150, [[70, 'Köhler e.K. · Am Mühlbach 132 · 80331 München']]],
        [165, [[70, 'Matthias Müller']]],
        [180, [[70, 'Schloßallee 114']]],
        [195, [[70, '50667 Köln']]],
        [230, [[70, 'Personalnr.: 98101']]],
      ],
      fields: ['employer_name', 'employer_address', 'employee_name', 'employee_address'],
      expected: {
        employer_name: 'Köhler e.K.', employer_address: 'Am Mühlbach 132\n80331 München', employee_name: 'Matthias Müller', employee_address: 'Schloßallee 114\n50667 Köln',
      },
    },
    {
      title: 'takes the address under a name given after its label',
      lines: [
        [40, [[70, 'Harbourside Ltd']]],
        [150, [[70, 'Bill To: Brightwater Ltd']]],
        [165, [[142, '98 Harbour Road']]],
        [180, [[142, 'Austin, TX 78701']]],
        [195, [[70, 'Tel. 512 555 0100']]],
      ],
      fields: ['buyer_name', 'buyer_address'],
      expected: { buyer_name: 'Brightwater Ltd', buyer_address: '98 Harbour Road\nAustin, TX 78701' },
    },
    {
      title: 'heads a block with its name, not a street line a scan read taller, beside a box of labels reaching down over the name',
      lines: [
        [40, [[70, 'Fenwick Trading Ltd']]],
        [60, [[70, '18 Mill Lane']]],
        [75, [[70, 'Leeds LS1 4AP']]],
        [110, [[70, 'PACKING LIST']]],
        [150, [[70, 'Consignee'], [700, 'Packing list #'], [830, '55120']]],
        [165, [[70, 'Orchard Foods Ltd']]],
        [180, [[70, 'Unit 5, Kings Park']]],
        [200, [[70, 'Bristol BS1 4DJ']]],
      ],
      adjust: (w) => (w.text === '#' ? { ...w, box: { ...w.box, y2: 0.172 } } : w.box.y1 === 0.18 ? { ...w, box: { ...w.box, y2: 0.198 } } : w),
      fields: ['shipper_name', 'shipper_address', 'consignee_name', 'consignee_address'],
      expected: {
        shipper_name: 'Fenwick Trading Ltd', shipper_address: '18 Mill Lane\nLeeds LS1 4AP', consignee_name: 'Orchard Foods Ltd', consignee_address: 'Unit 5, Kings Park\nBristol BS1 4DJ',
      },
    },
    {
      title: 'takes the name under a label a scan misread into one word over the supplier block of a purchase order',
      lines: [
        [40, [[70, 'Larkspur Foods Ltd']]],
        [60, [[70, '9 Quay Street']]],
        [75, [[70, 'Cork T12 X70A']]],
        [100, [[70, 'PURCHASE ORDER']]],
        [150, [[70, 'Snpglier']]],
        [165, [[70, 'Ashgrove & Daughters Ltd']]],
        [180, [[70, '41 Mill Road']]],
        [195, [[70, 'Dublin D02 X285']]],
      ],
      fields: ['seller_name', 'seller_address'],
      expected: { seller_name: 'Ashgrove & Daughters Ltd', seller_address: '41 Mill Road\nDublin D02 X285' },
    },
    {
      title: 'takes a receipt title for no letterhead, and passes over the registration number in angle brackets under the name',
      lines: [
        [20, [[330, 'CASH SALE']]],
        [40, [[300, 'MAJU JAYA ENTERPRISE']]],
        [55, [[330, '<771204-K>']]],
        [70, [[280, 'NO 8, JALAN MERANTI 3']]],
        [85, [[280, '47100 PUCHONG, SELANGOR']]],
        [100, [[290, 'TEL : 03-8070 1122']]],
      ],
      fields: ['merchant_name', 'address'],
      expected: { merchant_name: 'MAJU JAYA ENTERPRISE', address: 'NO 8, JALAN MERANTI 3\n47100 PUCHONG, SELANGOR' },
    },
  ])('$title', (c) => {
    expect(partiesOf(c)).toEqual([c.expected]);
  });
});

describe('parties of a scanned receipt', () => {
  it.each<PartyCase>([
    {
      title: 'never takes a street line opening with its house number for the merchant, and starts the address at it',
      lines: [
        [40, [[250, 'AMTECH ELECTRICAL SUPPLIES']]],
        [55, [[320, '(001963477-M)']]],
        [70, [[240, '107, JALAN BANDAR RAWANG 2,']]],
        [85, [[280, 'PUSAT BANDAR RAWANG,']]],
        [100, [[260, '48000 RAWANG SELANGOR D E']]],
        [115, [[280, 'email: amtech886@yahoo.com']]],
      ],
      // The street line read taller than the name over it.
      adjust: (w) => (w.box.y1 > 0.06 && w.box.y1 < 0.08 ? { ...w, box: { ...w.box, y2: w.box.y2 + 0.01 } } : w),
      fields: ['merchant_name', 'address'],
      expected: { merchant_name: 'AMTECH ELECTRICAL SUPPLIES', address: '107, JALAN BANDAR RAWANG 2, PUSAT BANDAR RAWANG,\n48000 RAWANG SELANGOR D E' },
    },
    {
      title: 'takes the name before a legal form set apart on its line, its brand read unsurely, under a slogan',
      lines: [
        [150, [[300, "Respekt, wer's selber macht."]]],
        [230, [[250, 'toom'], [420, 'Baumarkt'], [560, 'GmbH']]],
        [248, [[330, 'Grüner Weg 41']]],
        [266, [[330, '33098 Paderborn']]],
        [284, [[280, 'Tel. 05251-871871-0']]],
      ],
      // The brand's lettering, read unsurely as a logo's.
      read: { toom: 0.4 },
      fields: ['merchant_name', 'address'],
      expected: { merchant_name: 'toom Baumarkt GmbH', address: 'Grüner Weg 41\n33098 Paderborn' },
    },
    {
      title: 'takes the name under specks a logo left that read as a word and a number',
      lines: [
        [80, [[300, 'Fin 03'], [500, 'Y {']]],
        [100, [[280, 'PERNIAGAAN ZHENG HUI']]],
        [115, [[300, 'JM0325955-V']]],
        [130, [[270, 'NO.59 JALAN PERMAS 9/5']]],
        [145, [[270, 'BANDAR BARU PERMAS JAYA']]],
        [160, [[290, '81750 JOHOR BAHRU']]],
        [175, [[260, 'TEL : 07-386 7624']]],
      ],
      fields: ['merchant_name', 'address'],
      expected: { merchant_name: 'PERNIAGAAN ZHENG HUI', address: 'NO.59 JALAN PERMAS 9/5\nBANDAR BARU PERMAS JAYA\n81750 JOHOR BAHRU' },
    },
    {
      title: 'takes the address a tax line parts from the name, and never a phone number under a shop\'s label or a stamp\'s specks',
      lines: [
        [60, [[330, "DOMINO'S PIZZA"]]],
        [80, [[250, 'GST REF NO : 001694261248']]],
        [100, [[300, "DOMINO'S PIZZA SEGAMBUT"]]],
        [120, [[280, 'D-08, M Avenue , Jln 1 / 38A']]],
        [140, [[320, 'Segambut Bahagia']]],
        [160, [[320, '51200 Kuala Lumpur']]],
        [175, [[330, 'LL STE']]],
        [195, [[250, 'STORE: 40225409 FAX : 603-40217507.']]],
      ],
      read: { LL: 0.3, STE: 0.3 },
      fields: ['merchant_name', 'address'],
      expected: { merchant_name: "DOMINO'S PIZZA", address: 'D-08, M Avenue , Jln 1 / 38A\nSegambut Bahagia\n51200 Kuala Lumpur' },
    },
    {
      title: 'joins a name set wide at its word gaps, and takes an address without a postcode from its street',
      lines: [
        [40, [[200, 'THREE'], [420, 'STOOGES']]],
        [55, [[280, 'BISTRO & CAFE']]],
        [70, [[290, '109, SS21/1A,']]],
        [85, [[280, 'DAMANSARA UTAMA']]],
        [100, [[250, 'GST ID : 001661886464']]],
        [130, [[60, 'TOTAL'], [600, '174.90']]],
      ],
      fields: ['merchant_name', 'address'],
      expected: { merchant_name: 'THREE STOOGES', address: '109, SS21/1A,\nDAMANSARA UTAMA' },
    },
  ])('$title', (c) => {
    expect(partiesOf(c)).toEqual([c.expected]);
  });

  it('takes no two letters a logo left, read tall and sure, for the merchant over the name heading the address', () => {
    const lines: TypesetLine[] = [[20, [[480, 'HE'], [560, 'Ex']]], [60, [[220, 'RELAIS TOTAL OULMES']]], [75, [[220, 'AUTOROUTE RABAT MEKNES']]], [90, [[260, '15000 KHEMISSET']]]];
    const tall = (w: Word): Word => (w.text === 'HE' || w.text === 'Ex' ? { ...w, box: { ...w.box, y1: w.box.y1 - 0.02 } } : w);
    expect(partiesOf({ title: 'logo', lines, read: { Ex: 0.4 }, adjust: tall, fields: ['merchant_name'], expected: {} })).toEqual([{ merchant_name: 'RELAIS TOTAL OULMES' }]);
  });

  it.each([
    ['WAHIN HARDWARE SIN BHD', 'WAHIN HARDWARE SDN BHD'],
    ["Watson's Personal Care Stores Sn Bhd", "Watson's Personal Care Stores Sdn Bhd"],
    ['MOTOR (SUNGAI RENGIT) SON. BHD.', 'MOTOR (SUNGAI RENGIT) SDN. BHD.'],
    ['ACME TRADING LIMTED', 'ACME TRADING LIMITED'],
    // Spelt as a form already: "Pty Ltd" is one slip from "Pte Ltd", and both are forms.
    ['ACME TRADING PTY LTD', 'ACME TRADING PTY LTD'],
    // A short form one slip off is another word: "SA" is not "SB".
    ['GRAND HOTEL SA', 'GRAND HOTEL SA'],
    // A zero read for each o of a form, short or long: the forms hold no digit.
    ['LEWANDOWSKI SP. Z 0.0.', 'LEWANDOWSKI SP. Z O.O.'],
    ['Kowalczyk Sp. z 0.o.', 'Kowalczyk Sp. z o.o.'],
  ])('spells the legal form of a merchant a scan read one letter off: %s', (printed, name) => {
    const lines: TypesetLine[] = [[40, [[200, printed]]], [55, [[200, 'NO. 425, JALAN PAHANG,']]], [70, [[200, '53000 KUALA LUMPUR']]]];
    expect(partiesOf({ title: printed, lines, read: {}, fields: ['merchant_name'], expected: {} })).toEqual([{ merchant_name: name }]);
  });

  it('takes the merchant under its logo and the whole address: brand line and registration number passed over, the state line under the postcode kept', () => {
    const receipt = page([
      [10, [[420, 'Bison']]],
      [40, [[180, 'GARDENIA BAKERIES (KL) SDN BHD (139386 X)']]],
      [55, [[330, 'Company No :256628-W']]],
      [70, [[330, 'BAKERY OUTLET']]],
      [85, [[280, 'LOT 3, JALAN PELABUR 23/1,']]],
      [100, [[300, '40300 SHAH ALAM,']]],
      [115, [[290, 'SELANGOR DARUL EHSAN']]],
      [130, [[290, 'TEL : 03-5542 3228']]],
    ]);
    // The logo's strokes, read large and unsure as a word.
    const logo = (confidence: number): Word[] => scanned(receipt, { Bison: confidence }).words.map((w) => (w.text === 'Bison' ? { ...w, box: { ...w.box, y2: w.box.y2 + 0.02 } } : w));
    expect(rowsOf(extractFromContent({ ...receipt, words: logo(0.3) }, ask('merchant_name', 'address')))).toEqual([{
      merchant_name: 'GARDENIA BAKERIES (KL) SDN BHD', address: 'LOT 3, JALAN PELABUR 23/1,\n40300 SHAH ALAM,\nSELANGOR DARUL EHSAN',
    }]);
    // Read with confidence, the same large word is a brand: the company's legal form names the merchant.
    const named = logo(0.95);
    expect(rowsOf(extractFromContent({ ...receipt, words: named }, ask('merchant_name')))).toEqual([{ merchant_name: 'GARDENIA BAKERIES (KL) SDN BHD' }]);
    // Without a legal form the tallest text at the top is the name.
    const brand = named.filter((w) => !/^(?:SDN|BHD|\(139386|X\))$/.test(w.text));
    expect(rowsOf(extractFromContent({ ...receipt, words: brand }, ask('merchant_name')))).toEqual([{ merchant_name: 'Bison' }]);
  });

  it('takes the name whose legal form a scan misread or set on a line of its own over a taller note, and a street with no number', () => {
    const receipt = (head: TypesetLine[]) =>
      page([
        [25, [[300, 'tan chay yee']]],
        ...head,
        [70, [[280, 'Jalan Lapangan Terbang Subang']]],
        [85, [[300, '47200 Subang,']]],
        [100, [[310, 'Selangor']]],
        [115, [[290, 'TEL : 03-7846 3321']]],
      ]);
    const asked = ask('merchant_name', 'address');
    const address = 'Jalan Lapangan Terbang Subang\n47200 Subang,\nSelangor';
    const tall = (content: PageContent) => ({ ...content, words: content.words.map((w): Word => (w.text === 'tan' || w.text === 'chay' || w.text === 'yee' ? { ...w, box: { ...w.box, y1: w.box.y1 - 0.02 } } : w)) });
    expect(rowsOf(extractFromContent(tall(receipt([[55, [[260, 'HARAPAN MAJU SON BHD']]]])), asked))).toEqual([{ merchant_name: 'HARAPAN MAJU SDN BHD', address }]);
    expect(rowsOf(extractFromContent(tall(receipt([[40, [[270, 'PASARAYA BORONG PINTAR']]], [55, [[320, 'SDN BHD']]]])), asked))).toEqual([{ merchant_name: 'PASARAYA BORONG PINTAR SDN BHD', address }]);
    // A speck read before the name is no part of it; a street line is never the name.
    expect(rowsOf(extractFromContent(receipt([[55, [[260, '. HARAPAN MAJU SDN BHD']]]]), ask('merchant_name')))).toEqual([{ merchant_name: 'HARAPAN MAJU SDN BHD' }]);
    // A registration number printed bare after the name, with its check letter, is none of it.
    const kings = page([[40, [[200, "KING'S CONFECTIONERY S/B 273500-U (GKJ)"]]], [55, [[200, 'LOT NO. G23, GIANT KELANA JAYA']]], [70, [[200, '47301 PETALING JAYA']]]]);
    expect(rowsOf(extractFromContent(kings, ask('merchant_name')))).toEqual([{ merchant_name: "KING'S CONFECTIONERY S/B" }]);
    // A name set wide over its legal form set wide, their parts not aligned.
    const wide = page([[40, [[190, 'MPH'], [360, 'BOOKSTORES']]], [55, [[110, 'SDN'], [280, 'BHD']]], [70, [[280, 'GST No: 000542572544']]], [85, [[250, 'MPH One Utama Phase 2']]]]);
    expect(rowsOf(extractFromContent(wide, ask('merchant_name')))).toEqual([{ merchant_name: 'MPH BOOKSTORES SDN BHD' }]);
    // A branch in brackets before the form continues the name over it.
    expect(rowsOf(extractFromContent(receipt([[40, [[270, 'PASAR RAYA MEGA MAJU']]], [55, [[275, '(SEMENYIH) SDN BHD']]]]), asked))).toEqual([{ merchant_name: 'PASAR RAYA MEGA MAJU (SEMENYIH) SDN BHD', address }]);
  });
});

describe('labels as printed', () => {
  it('resolves a field named by its printed label with a rate or a unit', () => {
    expect(resolveConcept('VAT 5%')?.id).toBe('tax_amount');
    expect(resolveConcept('IVA (23%)')?.id).toBe('tax_amount');
    expect(resolveConcept('Peso bruto (kg)')?.id).toBe('gross_weight');
  });

  it('gives the code of a currency printed by name and code, and reads a period under its whole label', () => {
    const p = page([
      [100, [[70, 'DEVISE : EURO (EUR)']]],
      [150, [[700, 'Periodo de liquidación']]],
      [165, [[700, 'marzo de 2024']]],
    ]);
    expect(rowsOf(extractFromContent(p, ask('currency', 'pay_period')))).toEqual([{ currency: 'EUR', pay_period: 'marzo de 2024' }]);
  });
});
