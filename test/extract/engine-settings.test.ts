import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createLayoutEngine } from '../../src/extract/index.js';
import { DEFAULT_SETTINGS, withSettings } from '../../src/extract/settings.js';
import type { Box, EnginePage, ExtractRequest, Word } from '../../src/extract/types.js';

/**
 * The engine's thresholds are one settings object passed in
 * (src/extract/settings.ts): an engine built with one setting changed
 * answers differently where that setting decides, and the same where it
 * does not.
 */

const word = (text: string, x1: number, y1: number): Word => ({ text, box: { x1, y1, x2: x1 + 0.1, y2: y1 + 0.02 } });

async function page(words: Word[], images: Box[] = []): Promise<EnginePage> {
  const image = await sharp({ create: { width: 850, height: 1100, channels: 3, background: '#ffffff' } }).png().toBuffer();
  return { image: new Uint8Array(image), textLayer: { words, rules: [], images } };
}

const ask = (...names: string[]): ExtractRequest => ({ fields: names.map((name) => ({ name, formatRequirement: '' })), globalFormatRequirement: '', quality: 'fast' });

describe('engine settings', () => {
  const engines: Array<{ close?: () => Promise<void> }> = [];
  const build = (settings?: Parameters<typeof createLayoutEngine>[0]) => {
    const engine = createLayoutEngine(settings);
    engines.push(engine);
    return engine;
  };
  afterAll(() => Promise.all(engines.map((e) => e.close?.())));

  it('picks a signature by the weights in read.pictures', async () => {
    // A large picture at the top, a smaller wide one at the foot of the page.
    const logo = { x1: 0.1, y1: 0.05, x2: 0.5, y2: 0.25 };
    const signature = { x1: 0.55, y1: 0.8, x2: 0.85, y2: 0.86 };
    const signed = await page([word('Signed', 0.1, 0.5)], [logo, signature]);
    const boxOf = async (engine: ReturnType<typeof build>) => {
      const result = await engine.extract(signed, ask('Signature'));
      if (!result.ok) throw new Error(result.failure.message);
      return result.rows[0].Signature.box;
    };
    expect(await boxOf(build())).toEqual(signature);
    // Without the preference for the lower half of the page, the larger picture wins.
    expect(await boxOf(build({ settings: { read: { pictures: { signatureBelowFactor: 1 } } } }))).toEqual(logo);
  });

  it('gives a value nobody labelled the confidence settings.fields.confidence names', async () => {
    const letter = await page([
      { text: 'Nordwind', box: { x1: 0.1, y1: 0.05, x2: 0.3, y2: 0.08 } },
      { text: 'Handel', box: { x1: 0.31, y1: 0.05, x2: 0.45, y2: 0.08 } },
      word('Hafenstraße', 0.1, 0.1),
      { text: '12', box: { x1: 0.21, y1: 0.1, x2: 0.24, y2: 0.12 } },
      word('20457', 0.1, 0.13),
      word('Hamburg', 0.21, 0.13),
    ]);
    const sellerOf = async (engine: ReturnType<typeof build>) => {
      const result = await engine.extract(letter, ask('seller_name'));
      if (!result.ok) throw new Error(result.failure.message);
      return result.rows[0].seller_name;
    };
    expect(await sellerOf(build())).toMatchObject({ value: 'Nordwind Handel', confidence: DEFAULT_SETTINGS.fields.confidence.unlabelledName });
    expect(await sellerOf(build({ settings: { fields: { confidence: { unlabelledName: 0.3 } } } }))).toMatchObject({ value: 'Nordwind Handel', confidence: 0.3 });
  });

  it('names a column by its counterpart head as surely as settings.columns.counterpartShare says', async () => {
    // A Dutch statement: "Boekingsdatum" (booking date) is the line counterpart of the document-level `date`.
    const cells = [['Boekingsdatum', 'Omschrijving', 'Af', 'Bij'], ['02-01-2024', 'Huur', '850,00', ''], ['05-01-2024', 'Salaris', '', '2.400,00'], ['09-01-2024', 'Energie', '120,50', '']];
    const left = [0.1, 0.3, 0.6, 0.8];
    const statement = await page(cells.flatMap((row, i) => row.flatMap((text, k) => (text ? [{ text, box: { x1: left[k], y1: 0.2 + i * 0.03, x2: left[k] + 0.08, y2: 0.215 + i * 0.03 } }] : []))));
    const datesOf = async (engine: ReturnType<typeof build>) => {
      const result = await engine.extract(statement, ask('date', 'description', 'debit', 'credit'));
      if (!result.ok) throw new Error(result.failure.message);
      return result.rows.map((r) => r.date);
    };
    const dated = (confidence: number) => ['02-01-2024', '05-01-2024', '09-01-2024'].map((value) => ({ value, confidence }));
    expect(await datesOf(build())).toMatchObject(dated(0.9));
    expect(DEFAULT_SETTINGS.columns.counterpartShare).toBe(0.9);
    expect(await datesOf(build({ settings: { columns: { counterpartShare: 0.8 } } }))).toMatchObject(dated(0.8));
    // Too little for the head to name the column: each row's date is no longer its own.
    const unnamed = await datesOf(build({ settings: { columns: { counterpartShare: 0.3 } } }));
    expect(new Set(unnamed.map((d) => JSON.stringify(d))).size).toBe(1);
  });

  it('trusts an OCR word as far as settings.values.certainty says', async () => {
    const receipt = await page([word('TOTAL', 0.1, 0.5), { text: '12.50', box: { x1: 0.6, y1: 0.5, x2: 0.7, y2: 0.52 }, confidence: 0.6 }]);
    const totalOf = async (engine: ReturnType<typeof build>) => {
      const result = await engine.extract(receipt, ask('total_amount'));
      if (!result.ok) throw new Error(result.failure.message);
      return result.rows[0].total_amount;
    };
    const doubted = await totalOf(build());
    expect(doubted).toMatchObject({ value: '12.50' });
    // A word read at 0.6 is sure once ocrSure is 0.6: the value keeps all its confidence.
    const trusted = await totalOf(build({ settings: { values: { certainty: { ocrSure: 0.6 } } } }));
    expect(trusted).toMatchObject({ value: '12.50' });
    expect(trusted.confidence).toBeGreaterThan(doubted.confidence ?? 1);
  });

  it('lays overrides over the defaults and refuses a name that is no setting', () => {
    const changed = withSettings({ tables: { headAlign: 0.01 } });
    expect(changed.tables.headAlign).toBe(0.01);
    expect(changed.tables.alignedEdge).toBe(DEFAULT_SETTINGS.tables.alignedEdge);
    expect(changed.read).toEqual(DEFAULT_SETTINGS.read);
    expect(DEFAULT_SETTINGS.tables.headAlign).toBe(0.006);
    expect(() => createLayoutEngine({ settings: { tables: { headAlignment: 0.01 } } as never })).toThrow('settings.tables.headAlignment is no engine setting');
    expect(() => withSettings({ read: { dpi: { min: Number.NaN } } })).toThrow('settings.read.dpi.min must be a finite number');
    expect(Object.isFrozen(changed.tables)).toBe(true);
  });
});
