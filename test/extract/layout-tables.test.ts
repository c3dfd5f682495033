import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { groupWordsIntoLines } from '../../src/extract/layout/lines/lines.js';
import { detectTables, headerNames } from '../../src/extract/layout/tables/table-detect.js';
import type { ExtractResult, Rule } from '../../src/extract/types.js';
import { typeset } from './helpers/words.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';

const cellsOf = (t: ReturnType<typeof detectTables>[number]) => t.rows.map((r) => r.cells.map((c) => c.text));
const fieldsRequest = (names: string[]) => ({ fields: names.map((name) => ({ name, formatRequirement: '' })), globalFormatRequirement: '', quality: 'fast' as const });
const valuesOf = (r: ExtractResult) => (r.ok ? r.rows.map((row) => r.fields.map((f) => { const c = row[f]; return 'value' in c ? c.value : null; })) : r.failure);
const vertical = (x: number, y1: number, y2: number): Rule => ({ x1: x / 1000, y1: y1 / 1000, x2: x / 1000, y2: y2 / 1000 });

describe('columns inside ruled cells', () => {
  it('splits a ruled group into the columns its sub-headings name, even when the numbers sit one space apart', () => {
    const words = typeset([
      [100, [[50, 'Age'], [192, 'White'], [352, 'Black']]],
      [120, [[150, 'Male'], [215, 'Female'], [310, 'Male'], [375, 'Female']]],
      [140, [[50, '0-9'], [150, '1,087,948 1,022,490'], [310, '2,000,000 3,000,000']]],
      [160, [[50, '10+'], [150, '4,087,948 4,022,490'], [310, '5,000,000 6,000,000']]],
      [180, [[50, 'All'], [150, '5,175,896 5,044,980'], [310, '7,000,000 9,000,000']]],
    ]);
    const rules = [40, 140, 300, 440].map((x) => vertical(x, 95, 195));
    const tables = detectTables(groupWordsIntoLines(words, 1), rules, DEFAULT_SETTINGS);
    expect(tables).toHaveLength(1);
    expect(headerNames(tables[0], 2, DEFAULT_SETTINGS)).toEqual(['Age', 'White Male', 'White Female', 'Black Male', 'Black Female']);
    expect(cellsOf(tables[0])).toEqual([
      ['0-9', '1,087,948', '1,022,490', '2,000,000', '3,000,000'],
      ['10+', '4,087,948', '4,022,490', '5,000,000', '6,000,000'],
      ['All', '5,175,896', '5,044,980', '7,000,000', '9,000,000'],
    ]);
  });

  it('keeps a value and its share in one ruled cell when one heading covers both', () => {
    const words = typeset([
      [100, [[50, 'Faculty'], [150, 'Population size'], [310, 'Sample size']]],
      [120, [[50, 'Arts'], [150, '1269 (19.9%)'], [310, '101 (20.4%)']]],
      [140, [[50, 'Law'], [150, '3212 (50.6%)'], [310, '247 (50.0%)']]],
      [160, [[50, 'Music'], [150, '1168 (18.4%)'], [310, '195 (19.3%)']]],
    ]);
    const rules = [40, 140, 300, 440].map((x) => vertical(x, 95, 175));
    const tables = detectTables(groupWordsIntoLines(words, 1), rules, DEFAULT_SETTINGS);
    expect(tables).toHaveLength(1);
    expect(headerNames(tables[0], 1, DEFAULT_SETTINGS)).toEqual(['Faculty', 'Population size', 'Sample size']);
    expect(cellsOf(tables[0])).toEqual([
      ['Arts', '1269 (19.9%)', '101 (20.4%)'],
      ['Law', '3212 (50.6%)', '247 (50.0%)'],
      ['Music', '1168 (18.4%)', '195 (19.3%)'],
    ]);
  });
});

describe('stacked tables', () => {
  // Two tables under the same spanning heading, set at the same line pitch: only the repeated heading parts them.
  const words = typeset([
    [100, [[300, 'Design effect']]],
    [115, [[50, 'Proportion'], [300, '1.0'], [400, '1.1']]],
    [130, [[50, '0.99'], [300, '800'], [400, '880']]],
    [145, [[50, '0.95'], [300, '160'], [400, '176']]],
    [160, [[50, '0.90'], [300, '80'], [400, '88']]],
    [175, [[300, 'Design effect']]],
    [190, [[50, 'Proportion'], [300, '1.7'], [400, '1.8']]],
    [205, [[50, '0.99'], [300, '1,360'], [400, '1,440']]],
    [220, [[50, '0.95'], [300, '272'], [400, '288']]],
    [235, [[50, '0.90'], [300, '136'], [400, '144']]],
  ]);

  it('starts a new table where a heading line of the current one repeats', () => {
    const tables = detectTables(groupWordsIntoLines(words, 1), [], DEFAULT_SETTINGS);
    expect(tables.map((t) => [t.box.y1, t.box.y2])).toEqual([[0.1, 0.17], [0.175, 0.245]]);
  });

  it('answers the fields from the table whose headings name them', () => {
    const content = { words, rules: [], pictures: [], aspect: 1 };
    expect(valuesOf(extractFromContent(content, fieldsRequest(['Proportion', 'Design effect 1.0', 'Design effect 1.1'])))).toEqual([
      ['0.99', '800', '880'],
      ['0.95', '160', '176'],
      ['0.90', '80', '88'],
    ]);
    expect(valuesOf(extractFromContent(content, fieldsRequest(['Proportion', 'Design effect 1.7', 'Design effect 1.8'])))).toEqual([
      ['0.99', '1,360', '1,440'],
      ['0.95', '272', '288'],
      ['0.90', '136', '144'],
    ]);
  });
});

describe('tables side by side', () => {
  const priceList = typeset([
    [100, [[50, 'Item'], [250, 'Price'], [450, 'Item'], [650, 'Price']]],
    [120, [[50, 'Apples'], [250, '1.20'], [450, 'Lemons'], [650, '0.80']]],
    [140, [[50, 'Pears'], [250, '2.10'], [450, 'Limes'], [650, '0.90']]],
    [160, [[50, 'Plums'], [250, '3.40']]],
  ]);
  const content = { words: priceList, rules: [], pictures: [], aspect: 1 };

  it('splits a table whose headings repeat into one table per copy', () => {
    const tables = detectTables(groupWordsIntoLines(priceList, 1), [], DEFAULT_SETTINGS);
    expect(tables.map((t) => headerNames(t, 1, DEFAULT_SETTINGS))).toEqual([['Item', 'Price'], ['Item', 'Price']]);
    expect(tables.map(cellsOf)).toEqual([
      [['Apples', '1.20'], ['Pears', '2.10'], ['Plums', '3.40']],
      [['Lemons', '0.80'], ['Limes', '0.90']],
    ]);
  });

  it('answers requested fields and inferred columns with the rows of every copy, left copy first', () => {
    const rows = [['Apples', '1.20'], ['Pears', '2.10'], ['Plums', '3.40'], ['Lemons', '0.80'], ['Limes', '0.90']];
    expect(valuesOf(extractFromContent(content, fieldsRequest(['Item', 'Price'])))).toEqual(rows);
    const inferred = extractFromContent(content, fieldsRequest([]));
    expect(inferred.ok && inferred.fields).toEqual(['Item', 'Price']);
    expect(valuesOf(inferred)).toEqual(rows);
  });

  it('keeps repeated headings over columns of numbers as one table', () => {
    const words = typeset([
      [100, [[50, 'Male'], [250, 'Female'], [450, 'Male'], [650, 'Female']]],
      [120, [[50, '10'], [250, '12'], [450, '14'], [650, '16']]],
      [140, [[50, '20'], [250, '22'], [450, '24'], [650, '26']]],
    ]);
    const tables = detectTables(groupWordsIntoLines(words, 1), [], DEFAULT_SETTINGS);
    expect(tables.map((t) => headerNames(t, 1, DEFAULT_SETTINGS))).toEqual([['Male', 'Female', 'Male', 'Female']]);
  });
});

describe('column names', () => {
  it('lets a group heading over part of a repeated run of sub-headings name the whole run', () => {
    const words = typeset([
      [100, [[50, 'Age'], [300, 'Black'], [600, 'White']]],
      [120, [[50, '(yrs)'], [200, 'no.'], [300, 'Rate'], [500, 'no.'], [600, 'Rate']]],
      [140, [[50, '45-54'], [200, '47'], [300, '21.8'], [500, '91'], [600, '8.7']]],
      [160, [[50, '55-64'], [200, '116'], [300, '85.5'], [500, '224'], [600, '31.9']]],
    ]);
    const tables = detectTables(groupWordsIntoLines(words, 1), [], DEFAULT_SETTINGS);
    expect(tables).toHaveLength(1);
    expect(headerNames(tables[0], 2, DEFAULT_SETTINGS)).toEqual(['Age (yrs)', 'Black no.', 'Black Rate', 'White no.', 'White Rate']);
  });
});

describe('rows of wrapped text', () => {
  it('joins lines without a row label, closer than the labelled rows are to each other, to the row above', () => {
    const words = typeset([
      [100, [[50, 'Source'], [200, 'Definition'], [450, 'Examples']]],
      [130, [[50, 'Major'], [200, 'Emissions of 10 tons'], [450, 'Utilities, steel']]],
      [142, [[200, 'Or more per year'], [450, 'Refineries']]],
      [172, [[50, 'Area'], [200, 'Emissions below'], [450, 'Dry cleaners,']]],
      [184, [[200, '10 tons per year'], [450, 'Gas stations']]],
      [214, [[50, 'Road'], [200, 'Motor vehicles'], [450, 'Cars, buses']]],
      [226, [[200, 'On public roads'], [450, 'Trucks']]],
    ]);
    const tables = detectTables(groupWordsIntoLines(words, 1), [], DEFAULT_SETTINGS);
    expect(tables).toHaveLength(1);
    expect(cellsOf(tables[0])).toEqual([
      ['Major', 'Emissions of 10 tons Or more per year', 'Utilities, steel Refineries'],
      ['Area', 'Emissions below 10 tons per year', 'Dry cleaners, Gas stations'],
      ['Road', 'Motor vehicles On public roads', 'Cars, buses Trucks'],
    ]);
  });

  it('keeps a line of numbers without a row label as a row of its own', () => {
    const words = typeset([
      [100, [[50, 'Date'], [200, 'Details'], [450, 'Amount']]],
      [130, [[50, '01/03'], [200, 'Coffee'], [450, '3.50']]],
      [142, [[200, 'Tea'], [450, '2.10']]],
      [172, [[50, '02/03'], [200, 'Bread'], [450, '1.80']]],
      [202, [[50, '03/03'], [200, 'Milk'], [450, '0.90']]],
    ]);
    const tables = detectTables(groupWordsIntoLines(words, 1), [], DEFAULT_SETTINGS);
    expect(cellsOf(tables[0])).toEqual([
      ['01/03', 'Coffee', '3.50'],
      ['', 'Tea', '2.10'],
      ['02/03', 'Bread', '1.80'],
      ['03/03', 'Milk', '0.90'],
    ]);
  });
});

describe('where a table ends', () => {
  const items: Array<[number, Array<[number, string]>]> = [
    [100, [[50, 'Item'], [300, 'Qty'], [450, 'Amount']]],
    [125, [[50, 'Apples'], [300, '2'], [450, '2.40']]],
    [150, [[50, 'Pears'], [300, '1'], [450, '2.10']]],
  ];
  const itemRows = [['Apples', '2', '2.40'], ['Pears', '1', '2.10']];

  it.each([
    ['Other sources: LDA', 'La Distribution alimentaire'],
    ['Note: prices', 'include delivery'],
    ['* excludes VAT', 'see our terms'],
  ])('ends the table at a footnote set in cells (%s) and keeps its indented key lines out of any table', (marker, rest) => {
    const words = typeset([
      ...items,
      [175, [[50, marker], [250, rest]]],
      [190, [[110, 'AIM'], [250, 'AIM Handbook']]],
      [205, [[110, 'EH'], [250, 'European Handbook']]],
    ]);
    const tables = detectTables(groupWordsIntoLines(words, 1), [], DEFAULT_SETTINGS);
    expect(tables).toHaveLength(1);
    expect(cellsOf(tables[0])).toEqual(itemRows);
  });

  it('ends the table at a line under the last row that runs across its column gaps', () => {
    const words = typeset([...items, [175, [[50, '(:)'], [110, 'Not available for every item in the period']]]]);
    const tables = detectTables(groupWordsIntoLines(words, 1), [], DEFAULT_SETTINGS);
    expect(tables).toHaveLength(1);
    expect(cellsOf(tables[0])).toEqual(itemRows);
  });

  it('keeps a last Total row whose label closes every group, and a Total row with values in several columns', () => {
    const grouped = typeset([
      [100, [[50, 'Year'], [150, 'Sex'], [300, 'Share']]],
      [125, [[50, '1991'], [150, 'Men'], [300, '11.0']]],
      [140, [[150, 'Women'], [300, '6.6']]],
      [155, [[150, 'Total'], [300, '8.9']]],
      [170, [[50, '1996'], [150, 'Men'], [300, '9.5']]],
      [185, [[150, 'Women'], [300, '5.3']]],
      [200, [[150, 'Total'], [300, '7.5']]],
    ]);
    expect(valuesOf(extractFromContent({ words: grouped, rules: [], pictures: [], aspect: 1 }, fieldsRequest([])))).toEqual([
      ['1991', 'Men', '11.0'],
      [null, 'Women', '6.6'],
      [null, 'Total', '8.9'],
      ['1996', 'Men', '9.5'],
      [null, 'Women', '5.3'],
      [null, 'Total', '7.5'],
    ]);
    const quarters = typeset([
      [100, [[50, 'Region'], [200, 'Grade'], [300, 'Q1'], [400, 'Q2']]],
      [125, [[50, 'North'], [200, 'Low'], [300, '5%'], [400, '8%']]],
      [150, [[50, 'South'], [200, 'High'], [300, '15%'], [400, '9%']]],
      [175, [[200, 'Total'], [300, '20%'], [400, '17%']]],
    ]);
    expect(cellsOf(detectTables(groupWordsIntoLines(quarters, 1), [], DEFAULT_SETTINGS)[0])).toEqual([
      ['North', 'Low', '5%', '8%'],
      ['South', 'High', '15%', '9%'],
      ['', 'Total', '20%', '17%'],
    ]);
  });
});

describe('ruled grids side by side', () => {
  // Two ruled tables under different headings whose rows line up; the right one's heading is set larger.
  const words = typeset([
    [100, [[50, 'Country'], [101, 'Visits'], [270, 'Region'], [400, 'Calls']]],
    [120, [[50, 'Spain'], [101, '268'], [270, 'North'], [400, '15']]],
    [140, [[50, 'Germany'], [101, '233'], [270, 'South'], [400, '9']]],
    [160, [[50, 'France'], [101, '136'], [270, 'East'], [400, '4']]],
  ]).map((w) => (w.text === 'Calls' ? { ...w, box: { ...w.box, y1: 0.097, y2: 0.114 } } : w));
  const horizontal = (x1: number, x2: number, y: number): Rule => ({ x1: x1 / 1000, y1: y / 1000, x2: x2 / 1000, y2: y / 1000 });
  const rules = [
    ...[95, 115, 135, 155, 175].flatMap((y) => [horizontal(40, 240, y), horizontal(260, 460, y)]),
    ...[40, 240, 260, 460].map((x) => vertical(x, 95, 175)),
  ];

  it('reads each grid as a table of its own, its lines regrouped without the neighbour', () => {
    const tables = detectTables(groupWordsIntoLines(words, 1), rules, DEFAULT_SETTINGS);
    expect(tables.map((t) => headerNames(t, t.headerLines.length, DEFAULT_SETTINGS))).toEqual([['Country', 'Visits'], ['Region', 'Calls']]);
    expect(tables.map(cellsOf)).toEqual([
      [['Spain', '268'], ['Germany', '233'], ['France', '136']],
      [['North', '15'], ['South', '9'], ['East', '4']],
    ]);
  });

  it('also when the neighbour is a framed chart whose bars are drawn beyond its labels', () => {
    const chart = [
      ...[95, 175].map((y) => horizontal(260, 600, y)),
      ...[120, 124, 140, 144, 160, 164].map((y) => horizontal(450, 560, y)),
      ...[40, 240].map((x) => vertical(x, 95, 175)),
      ...[95, 115, 135, 155, 175].map((y) => horizontal(40, 240, y)),
    ];
    const tables = detectTables(groupWordsIntoLines(words, 1), chart, DEFAULT_SETTINGS);
    expect(cellsOf(tables[0])).toEqual([['Spain', '268'], ['Germany', '233'], ['France', '136']]);
  });
});

describe('tall ruled cells', () => {
  it('keeps a cell wrapped over several lines, its amount set between them, inside the grid', () => {
    const words = typeset([
      [100, [[50, 'Description'], [300, 'Amount']]],
      [120, [[50, 'Widget'], [300, '10.00']]],
      [140, [[50, 'Gadget'], [300, '5.00']]],
      [160, [[50, 'Service contract covering']]],
      [172, [[50, 'installation, training']]],
      [178, [[300, '120.00']]],
      [184, [[50, 'and on-site support']]],
      [196, [[50, 'with a warranty']]],
      [216, [[50, 'Cable'], [300, '2.00']]],
      [236, [[50, 'Plug'], [300, '1.00']]],
    ]);
    const rules = [
      ...[40, 290, 400].map((x) => vertical(x, 95, 250)),
      ...[95, 115, 135, 155, 210, 230, 250].map((y) => ({ x1: 0.04, y1: y / 1000, x2: 0.4, y2: y / 1000 })),
    ];
    const tables = detectTables(groupWordsIntoLines(words, 1), rules, DEFAULT_SETTINGS);
    expect(tables.map(cellsOf)).toEqual([
      [
        ['Widget', '10.00'],
        ['Gadget', '5.00'],
        ['Service contract covering installation, training and on-site support with a warranty', '120.00'],
        ['Cable', '2.00'],
        ['Plug', '1.00'],
      ],
    ]);
  });
});
