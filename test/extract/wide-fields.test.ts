import { describe, expect, it } from 'vitest';
import { readRows, ask } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/**
 * Document fields as other invoicing systems set them (bench/lib/business/wide-fields.ts, the generator's seventh
 * widening): values over their labels, address blocks with an attention or department line above the street, the
 * buyer's block labelled beside the seller's letterhead.
 */
const items: TypesetLine[] = [
  [400, [[60, 'Description'], [500, 'Qty'], [640, 'Price'], [820, 'Amount']]],
  [420, [[60, 'Laptop stand'], [500, '8'], [640, '2.21'], [820, '17.68']]],
  [440, [[60, 'Software licence'], [500, '49'], [640, '0.68'], [820, '33.32']]],
  [480, [[640, 'Total'], [820, '51.00']]],
];

describe('values printed over their labels', () => {
  const page: TypesetLine[] = [
    [60, [[60, 'Harbourside Ltd']]],
    [75, [[60, '38 High Street']]],
    [90, [[60, 'London EC1A 1BB']]],
    [200, [[60, 'INV/2026/0118'], [300, '30 November 2026'], [540, '30 December 2026']]],
    [213, [[60, 'Invoice No.'], [300, 'Invoice date'], [540, 'Due date']]],
    ...items,
  ];

  it('reads each value over its label where nothing stands under the label', () => {
    expect(readRows(page, ask('invoice_number', 'invoice_date', 'due_date'))).toEqual([{ invoice_number: 'INV/2026/0118', invoice_date: '30 November 2026', due_date: '30 December 2026' }]);
  });

  it('takes the value over a label rather than the next row of values farther under it', () => {
    const rows: TypesetLine[] = [
      ...page.slice(0, 5),
      [250, [[60, 'K-20417'], [300, 'PO-5521']]],
      [263, [[60, 'Customer No.'], [300, 'Order No.']]],
      ...items,
    ];
    expect(readRows(rows, ask('invoice_number', 'customer_number', 'order_number'))).toEqual([{ invoice_number: 'INV/2026/0118', customer_number: 'K-20417', order_number: 'PO-5521' }]);
  });
});

describe('address lines above the street', () => {
  it("keeps an attention or department line under the letterhead's name in the seller's address", () => {
    const page: TypesetLine[] = [
      [60, [[60, 'Köhler AG']]],
      [75, [[60, 'z. Hd. Frau Krüger']]],
      [90, [[60, 'Hauptstraße 30']]],
      [105, [[60, '20457 Hamburg']]],
      [200, [[600, 'Rechnungsnr.'], [760, 'RE-2026-118']]],
      ...items,
    ];
    expect(readRows(page, ask('seller_name', 'seller_address'))).toEqual([{ seller_name: 'Köhler AG', seller_address: 'z. Hd. Frau Krüger\nHauptstraße 30\n20457 Hamburg' }]);
  });

  it('keeps an "Attn:" line, its colon no label, in a labelled block', () => {
    const page: TypesetLine[] = [
      [60, [[60, 'Harbourside Ltd']]],
      [75, [[60, '38 High Street']]],
      [90, [[60, 'London EC1A 1BB']]],
      [150, [[60, 'Bill to']]],
      [165, [[60, 'Brightwater Ltd']]],
      [180, [[60, 'Attn: Accounts Payable']]],
      [195, [[60, '98 Harbour Road']]],
      [210, [[60, 'Leeds LS1 4AP']]],
      ...items,
    ];
    expect(readRows(page, ask('buyer_name', 'buyer_address'))).toEqual([{ buyer_name: 'Brightwater Ltd', buyer_address: 'Attn: Accounts Payable\n98 Harbour Road\nLeeds LS1 4AP' }]);
  });
});

describe('the buyer labelled beside the letterhead', () => {
  it('does not take the name under "Bill to" for the letterhead, though it is printed higher', () => {
    const page: TypesetLine[] = [
      [60, [[600, 'INVOICE']]],
      [100, [[560, 'Bill to']]],
      [115, [[560, 'Brightwater Ltd']]],
      [125, [[60, 'Harbourside Ltd']]],
      [130, [[560, '98 Harbour Road']]],
      [140, [[60, '38 High Street']]],
      [145, [[560, 'Leeds LS1 4AP']]],
      [155, [[60, 'London EC1A 1BB']]],
      ...items,
    ];
    expect(readRows(page, ask('seller_name', 'seller_address', 'buyer_name'))).toEqual([{ seller_name: 'Harbourside Ltd', seller_address: '38 High Street\nLondon EC1A 1BB', buyer_name: 'Brightwater Ltd' }]);
  });
});
