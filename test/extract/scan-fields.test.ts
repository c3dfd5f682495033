import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { ask, page, rowsOf, scanned } from './helpers/requests.js';

describe('document fields on scans and in rows of labels', () => {
  it('gives an amount the scan read without its thousands mark the mark the page\'s other amounts print, on a scan only', () => {
    const lines: Parameters<typeof page>[0] = [
      [100, [[100, 'Suma netto'], [400, '15 600,30']]],
      [120, [[100, 'Podatek VAT 23%'], [400, '3 588,07']]],
      [140, [[100, 'Wartość brutto razem'], [400, '19 188,37']]],
      [160, [[100, 'Do zapłaty'], [400, '19188,37']]],
    ];
    expect(rowsOf(extractFromContent(scanned(page(lines)), ask('amount_due', 'subtotal')))).toEqual([{ amount_due: '19 188,37', subtotal: '15 600,30' }]);
    // A text layer's amounts are as printed.
    expect(rowsOf(extractFromContent(page(lines), ask('amount_due')))).toEqual([{ amount_due: '19188,37' }]);
    // Two marks on one page: none is the page's.
    const mixed = [...lines.slice(0, 2), [140, [[100, 'Wartość brutto razem'], [400, '19.188,37']]] as (typeof lines)[number], lines[3]];
    expect(rowsOf(extractFromContent(scanned(page(mixed)), ask('amount_due')))).toEqual([{ amount_due: '19188,37' }]);
  });

  it('reads values set over a row of labels, a period\'s end included, each up to the value over the next label', () => {
    const bill = page([
      [100, [[100, '2023/646'], [250, '28/05/2023']]],
      [112, [[100, 'Factura n.º'], [250, 'Fecha factura']]],
      [140, [[100, '27/03/2023 - 25/04/2023'], [250, '11/06/2023']]],
      [152, [[100, 'Periodo'], [250, 'Vencimiento']]],
    ]);
    expect(rowsOf(extractFromContent(bill, ask('invoice_number', 'period_start', 'period_end', 'due_date')))).toEqual([
      { invoice_number: '2023/646', period_start: '27/03/2023', period_end: '25/04/2023', due_date: '11/06/2023' },
    ]);
  });

  it('takes no amount from a cell that opens with another label for a label\'s value beside it', () => {
    const totals = page([
      [300, [[300, 'Warenwert'], [400, 'Rabatt'], [480, 'MwSt. 19 % auf 16,37'], [640, 'Gesamt']]],
      [315, [[300, '17,23 EUR'], [400, '0,86- EUR'], [510, '3,11 EUR'], [640, '19,48 EUR']]],
    ]);
    expect(rowsOf(extractFromContent(totals, ask('discount', 'tax_amount', 'total_amount')))).toEqual([{ discount: '0,86- EUR', tax_amount: '3,11 EUR', total_amount: '19,48 EUR' }]);
  });

  it('reads a label of four words beside the letterhead a table took in ("Válido a partir de")', () => {
    const prices = page([
      [47, [[71, 'Gonçalves Unipessoal Lda.'], [567, 'Lista de preços 2023']]],
      [71, [[71, 'Largo São João 25']]],
      [87, [[71, '4000-322 Porto'], [529, 'Válido a partir de'], [738, '4 de julho de 2023']]],
      [105, [[530, 'Moeda'], [889, 'EUR']]],
      [213, [[77, 'Código'], [249, 'Artigo'], [872, 'Preço']]],
      [238, [[77, '89-5851'], [249, 'Serviço de limpeza mensal'], [862, '867,21']]],
      [262, [[77, '14-6561'], [249, 'Cadeira de escritório ergonómica'], [862, '565,43']]],
      [286, [[77, '82-1010'], [249, 'Cabo USB-C 2 m'], [862, '866,82']]],
      [311, [[77, '18-7367'], [249, 'Marcadores para quadro'], [862, '623,79']]],
    ]);
    expect(rowsOf(extractFromContent(prices, ask('valid_from', 'currency')))).toEqual([{ valid_from: '4 de julho de 2023', currency: 'EUR' }]);
  });
});
