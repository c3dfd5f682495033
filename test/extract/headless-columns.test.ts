import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { shapeOf } from '../../src/extract/layout/columns/value-shape.js';
import { ask, page, rowsOf } from './helpers/requests.js';

const PACKING = ['item_code', 'description', 'quantity', 'unit', 'packages', 'net_weight', 'gross_weight'];

/** A packing list's later page: the items go on without a header row, and there is no price to check them by. */
const continuation = page([
  [50, [[70, '666517'], [180, 'Serviço de limpeza mensal'], [520, '336'], [560, 'mês'], [700, '16'], [770, '301,90'], [870, '332,30']]],
  [75, [[70, '172416'], [180, 'Renovação anual de licença'], [526, '98'], [560, 'ano'], [700, '14'], [770, '278,00'], [870, '304,60']]],
  [100, [[70, '853127'], [180, 'Candeeiro de secretária LED'], [520, '408'], [560, 'un'], [700, '17'], [776, '87,40'], [870, '111,20']]],
]);

describe('columns without heads named by the shapes of their values', () => {
  it('reads a continuation page of a packing list: codes, prose, counts, unit words and weights in request order', () => {
    expect(rowsOf(extractFromContent(continuation, ask(...PACKING)))).toEqual([
      { item_code: '666517', description: 'Serviço de limpeza mensal', quantity: '336', unit: 'mês', packages: '16', net_weight: '301,90', gross_weight: '332,30' },
      { item_code: '172416', description: 'Renovação anual de licença', quantity: '98', unit: 'ano', packages: '14', net_weight: '278,00', gross_weight: '304,60' },
      { item_code: '853127', description: 'Candeeiro de secretária LED', quantity: '408', unit: 'un', packages: '17', net_weight: '87,40', gross_weight: '111,20' },
    ]);
  });

  it('gives measures the columns of decimals, not the counts beside them', () => {
    const rows = rowsOf(extractFromContent(continuation, ask('description', 'net_weight', 'gross_weight')));
    expect(rows.map((r) => [r.net_weight, r.gross_weight])).toEqual([['301,90', '332,30'], ['278,00', '304,60'], ['87,40', '111,20']]);
  });

  it('gives no column to a field none of the values fits (no dates on the page)', () => {
    const rows = rowsOf(extractFromContent(continuation, ask('item_code', 'description', 'quantity', 'delivery_date')));
    expect(rows.map((r) => [r.item_code, r.quantity, r.delivery_date])).toEqual([['666517', '336', null], ['172416', '98', null], ['853127', '408', null]]);
  });

  it('names nothing in a block of labelled totals (two columns are not items)', () => {
    const totals = page([
      [50, [[600, 'Volumes'], [850, '520']]],
      [75, [[600, 'Peso líquido (kg)'], [820, '8.993,50']]],
      [100, [[600, 'Peso bruto (kg)'], [820, '9.770,80']]],
    ]);
    const rows = rowsOf(extractFromContent(totals, ask(...PACKING)));
    // The labels are not values of a column: "Volumes | 520" is no row of heads over the other two lines.
    expect(rows.flatMap((r) => Object.values(r))).not.toContain('Peso líquido (kg)');
    expect(rows.length).toBeLessThanOrEqual(1);
  });

  it('tells the shapes apart', () => {
    expect(['408230', 'PL2025-11', '336', '1.250', '301,90', 'un', 'Stk.', 'Candeeiro de secretária', '12/03/2024', '7 %'].map(shapeOf)).toEqual([
      'code', 'code', 'integer', 'integer', 'decimal', 'word', 'word', 'words', 'date', 'percent',
    ]);
  });
});

describe('heads whose unit wraps to a second line', () => {
  it('keeps the unit line in the header when the heads above it are set tight in one segment', () => {
    const items = page([
      [80, [[70, 'Referência'], [180, 'Designação'], [514, 'Qtde'], [560, 'Un.'], [700, 'Caixas'], [742, 'P. líquido'], [808, 'Peso bruto']]],
      [92, [[790, 'kg'], [844, '(kg)']]],
      [115, [[70, '408230'], [180, 'Marcadores para quadro'], [526, '19'], [560, 'pack'], [730, '1'], [754, '1.104,00'], [820, '1.105,90']]],
      [140, [[70, '632527'], [180, 'Switch de rede 24 portas'], [520, '171'], [560, 'un'], [730, '9'], [778, '1,20'], [838, '19,20']]],
      [165, [[70, '118939'], [180, 'Suporte para portátil'], [526, '40'], [560, 'un'], [730, '2'], [766, '181,40'], [832, '185,00']]],
    ]);
    const rows = rowsOf(extractFromContent(items, ask(...PACKING)));
    expect(rows.map((r) => r.item_code)).toEqual(['408230', '632527', '118939']);
    expect(rows.map((r) => [r.packages, r.net_weight, r.gross_weight])).toEqual([['1', '1.104,00', '1.105,90'], ['9', '1,20', '19,20'], ['2', '181,40', '185,00']]);
  });
});

describe('a head the scan misread', () => {
  it('leaves its line field the free column between its neighbours whose values fit it', () => {
    const list = page([
    [80, [[70, 'Artikelnr.'], [180, 'Omschrijving'], [512, 'Aant.'], [560, 'Ranhsid'], [680, 'Dozen']]],
      [105, [[70, '196903'], [180, 'Advieswerkzaamheden'], [520, '196'], [560, 'uur'], [686, '14']]],
      [130, [[70, '425434'], [180, 'Koffiebonen arabica 1 kg'], [520, '224'], [560, 'kg'], [686, '16']]],
      [155, [[70, '818272'], [180, 'Whiteboardstiften'], [526, '60'], [560, 'set'], [692, '4']]],
    ]);
    const rows = rowsOf(extractFromContent(list, ask('item_code', 'description', 'quantity', 'unit', 'packages', 'invoice_number')));
    expect(rows.map((r) => [r.quantity, r.unit, r.packages])).toEqual([['196', 'uur', '14'], ['224', 'kg', '16'], ['60', 'set', '4']]);
    // A document value asked beside the items takes no column.
    expect(rows.map((r) => r.invoice_number)).toEqual([null, null, null]);
  });

  it('gives a date asked beside the items the free column of dates between its neighbours: the day each item is due', () => {
    const list = page([
      [80, [[70, 'Codice'], [180, 'Descrizione'], [420, 'Consegna'], [520, 'Q.tà'], [600, 'Prezzo'], [700, 'Importo']]],
      [105, [[70, '669/5461-9'], [180, 'Servizio di pulizia mensile'], [420, '31.01.2024'], [532, '11'], [606, '0.78'], [712, '8.58']]],
      [130, [[70, '770/6233-4'], [180, 'Caffè in grani arabica 1 kg'], [420, '05.03.2024'], [538, '8'], [606, '9.80'], [706, '78.40']]],
      [155, [[70, '226/5933-7'], [180, 'Sedia da ufficio ergonomica'], [420, '03.02.2024'], [538, '5'], [600, '113.36'], [700, '566.80']]],
    ]);
    const rows = rowsOf(extractFromContent(list, ask('item_code', 'description', 'delivery_date', 'quantity', 'unit_price', 'line_total')));
    expect(rows.map((r) => [r.delivery_date, r.quantity])).toEqual([['31.01.2024', '11'], ['05.03.2024', '8'], ['03.02.2024', '5']]);
  });

  it('reads a head that names a charge in the totals ("Delivery", "Livraison") over a column of dates as the day each item is due', () => {
    for (const head of ['Delivery', 'Livraison']) {
      const list = page([
        [80, [[70, 'Code'], [180, 'Description'], [420, head], [520, 'Qty'], [600, 'Price'], [700, 'Amount']]],
        [105, [[70, '669/5461-9'], [180, 'Monthly cleaning service'], [420, '2024-01-31'], [532, '11'], [606, '0.78'], [712, '8.58']]],
        [130, [[70, '770/6233-4'], [180, 'Arabica coffee beans 1 kg'], [420, '2024-03-05'], [538, '8'], [606, '9.80'], [706, '78.40']]],
        [155, [[70, '226/5933-7'], [180, 'Ergonomic office chair'], [420, '2024-02-03'], [538, '5'], [600, '113.36'], [700, '566.80']]],
      ]);
      const rows = rowsOf(extractFromContent(list, ask('item_code', 'description', 'delivery_date', 'quantity', 'unit_price', 'line_total')));
      expect(rows.map((r) => [r.delivery_date, r.quantity])).toEqual([['2024-01-31', '11'], ['2024-03-05', '8'], ['2024-02-03', '5']]);
    }
  });

  it('gives the first field the free column at the page edge: article numbers set as digit groups', () => {
    const list = page([
    [80, [[70, 'Rersrencia'], [180, 'Artículo'], [520, 'Precio']]],
      [105, [[70, '48-6834'], [180, 'Papel de impresora A4 80 g'], [520, '258,58']]],
      [130, [[70, '95-9180'], [180, 'Soporte para portátil de aluminio'], [520, '237,45']]],
      [155, [[70, '91-1172'], [180, 'Tornillos hexagonales M8 x 40 inox'], [520, '932,33']]],
    ]);
    const rows = rowsOf(extractFromContent(list, ask('item_code', 'description', 'unit_price')));
    expect(rows.map((r) => r.item_code)).toEqual(['48-6834', '95-9180', '91-1172']);
  });
});

describe('a packing list whose description is printed last', () => {
  const list = page([
    [80, [[70, 'Referencia'], [180, 'Uds.'], [260, 'Bultos P. neto kg'], [340, 'P. neto kg'], [420, 'P. bruto kg'], [560, 'Concepto']]],
    [105, [[70, '962903'], [186, '42'], [270, '14'], [340, '61,60'], [430, '88,20'], [560, 'Servicios de consultoría']]],
    [130, [[70, '196623'], [180, '105'], [276, '5'], [340, '50,60'], [430, '55,60'], [560, 'Renovación anual de licencia']]],
    [155, [[70, '350446'], [186, '18'], [276, '6'], [334, '188,10'], [424, '200,10'], [560, 'Silla de oficina ergonómica']]],
  ]);
  const asked = ask('item_code', 'description', 'quantity', 'packages', 'net_weight', 'gross_weight');

  it('gives the packages, asked beside the items, the free column between the quantity and the weights', () => {
    const rows = rowsOf(extractFromContent(list, asked));
    expect(rows.map((r) => [r.quantity, r.packages, r.net_weight])).toEqual([['42', '14', '61,60'], ['105', '5', '50,60'], ['18', '6', '188,10']]);
  });
});
