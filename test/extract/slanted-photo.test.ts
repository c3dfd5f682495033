import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { levelledPage } from '../../src/extract/layout/lines/slant.js';
import { roundBox } from '../../src/extract/layout/lines/geometry.js';
import type { PageContent } from '../../src/extract/read/page-content.js';
import { DEFAULT_SETTINGS, withSettings } from '../../src/extract/settings.js';
import type { ExtractResult, Word } from '../../src/extract/types.js';
import { ask, page, rowsOf, scanned } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

const rows: Array<[string, string, string, string]> = [
  ['2023-07-02', 'Miete Juli Wohnung', '2182.99', '4449.46'],
  ['2023-07-03', 'Kartenzahlung Supermarkt', '1240.83', '5690.29'],
  ['2023-07-04', 'Miete Ref. 978921', '1020.25', '6710.54'],
  ['2023-07-05', 'Gutschrift Rückerstattung', '1582.40', '8292.94'],
  ['2023-07-06', 'Umbuchung Sparkonto', '625.22', '8918.16'],
  ['2023-07-07', 'Gehalt ACME GmbH', '1334.30', '10252.46'],
  ['2023-07-08', 'Lastschrift Stadtwerke Strom Juni', '800.92', '11053.38'],
  ['2023-07-09', 'Bargeldauszahlung am Automaten', '438.21', '11491.59'],
];

/** A bank statement's table, a row every 24 units (words 10 high), typeset level. */
const statement: TypesetLine[] = [
  [60, [[80, 'Sparkasse Nordhafen Filiale Altstadt'], [700, 'Kontoauszug Nr. 1/2023']]],
  [90, [[80, 'Anja Seidl Gartenweg 4 8001 Zürich']]],
  [180, [[80, 'Datum'], [220, 'Buchungstext'], [640, 'Betrag'], [800, 'Saldo']]],
  ...rows.map(([date, text, amount, balance], i): TypesetLine => [210 + i * 24, [[80, date], [220, text], [640, amount], [800, balance]]]),
];

/**
 * The page as OCR reads a photo seen at a slant whose outline was found off: lines falling to the right, more the
 * lower they run (`tan + fan × (y − ½)`), each word's box as tall as its glyphs plus the slant across it.
 */
function slanted(content: PageContent, tan: number, fan: number): PageContent {
  const words = content.words.map((w): Word => {
    const [cx, cy] = [(w.box.x1 + w.box.x2) / 2, (w.box.y1 + w.box.y2) / 2];
    const slope = tan + fan * (cy - 0.5);
    const y = cy + slope * (cx - 0.5);
    const half = (w.box.y2 - w.box.y1 + (w.box.x2 - w.box.x1) * Math.abs(slope)) / 2;
    return { ...w, box: { x1: w.box.x1, x2: w.box.x2, y1: y - half, y2: y + half } };
  });
  return { ...content, words };
}

const request = ask('date', 'description', 'amount', 'balance');
const expected = rows.map(([date, description, amount, balance]) => ({ date, description, amount, balance }));
const photo = scanned(slanted(page(statement), 0.035, 0.08));

describe('a photo read at a slant', () => {
  it('is read along its lines: each row keeps its amounts', () => {
    expect(rowsOf(extractFromContent(photo, request))).toEqual(expected);
  });

  it('without levelling, the rows split where the slant moves a row by a line (the case the rule is for)', () => {
    const asRead = withSettings({ lines: { slant: { minGain: 1e9 } } });
    expect(rowsOf(extractFromContent(photo, request, asRead))).not.toEqual(expected);
  });

  it('boxes each value where the page as read has it', () => {
    const result: ExtractResult = extractFromContent(photo, request);
    const printed = photo.words.find((w) => w.text === '11491.59');
    const cell = result.ok ? result.rows[7].balance : null;
    expect(cell && 'value' in cell ? cell.box : null).toEqual(printed && roundBox(printed.box));
  });

  it('leaves a level scan and a text layer as they were read', () => {
    const level = scanned(page(statement));
    expect(levelledPage(level, DEFAULT_SETTINGS).content).toBe(level);
    const layer = slanted(page(statement), 0.035, 0.08);
    expect(levelledPage(layer, DEFAULT_SETTINGS).content).toBe(layer);
  });
});
