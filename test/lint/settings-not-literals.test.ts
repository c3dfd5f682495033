import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint rule that keeps thresholds out of the engine
 * (eslint.config.js, `settingsNotLiterals`, run by `npm run lint`): a number
 * written anywhere in src/extract is reported, whether inline, a module
 * constant or a default; 0, 1 and -1, strings and regular expressions are
 * not; settings.ts and units.ts, where the numbers are named, and code
 * outside the engine are not checked.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });
const RULE = 'no-restricted-syntax';

async function rulesFired(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return result.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

const LITERALS = [
  { what: 'an inline share', code: 'export const near = (gap: number, width: number) => gap < width * 0.015;\n' },
  { what: 'a module constant', code: 'const MIN_CUES = 3;\nexport const enough = (n: number) => n >= MIN_CUES;\n' },
  { what: 'a default parameter', code: 'export const keep = (confidence: number, least = 30) => confidence >= least;\n' },
  { what: 'a negative number', code: 'export const tilt = (d: number) => d < -0.25;\n' },
  { what: 'a hexadecimal code', code: 'export const control = (c: number) => c < 0x20;\n' },
];

describe('settings, not literals, in the engine stages (eslint)', { timeout: 60_000 }, () => {
  it.each(LITERALS)('refuses $what in read/', async ({ code }) => {
    expect(await rulesFired(code, 'src/extract/read/planted.ts')).toContain(RULE);
  });

  it.each(LITERALS)('refuses $what in layout/tables/', async ({ code }) => {
    expect(await rulesFired(code, 'src/extract/layout/tables/planted.ts')).toContain(RULE);
  });

  it.each(LITERALS)('refuses $what in format/', async ({ code }) => {
    expect(await rulesFired(code, 'src/extract/format/planted.ts')).toContain(RULE);
  });

  it.each(LITERALS)('refuses $what in openai/, engines/ and a file of src/extract itself', async ({ code }) => {
    for (const file of ['src/extract/openai/planted.ts', 'src/extract/engines/planted.ts', 'src/extract/planted.ts']) {
      expect(await rulesFired(code, file), file).toContain(RULE);
    }
  });

  it('leaves the numbers named in settings.ts and units.ts alone', async () => {
    for (const file of ['src/extract/settings.ts', 'src/extract/units.ts']) {
      expect(await rulesFired(LITERALS[1].code, file), file).not.toContain(RULE);
    }
  });

  it.each(LITERALS)('leaves $what alone outside the engine', async ({ code }) => {
    expect(await rulesFired(code, 'src/ingest/planted.ts')).not.toContain(RULE);
  });

  it('allows 0, 1, -1, strings and patterns', async () => {
    const code = "export const f = (xs: number[], s: string) => xs.indexOf(0) === -1 && xs.length > 1 && s !== '2' && /\\d{2,}/.test(s);\n";
    expect(await rulesFired(code, 'src/extract/read/planted.ts')).toEqual([]);
  });

  it('passes on the engine as it is', async () => {
    const results = await eslint.lintFiles(['src/extract']);
    expect(results.length).toBeGreaterThan(90);
    expect(results.flatMap((r) => r.messages.map((m) => `${path.relative(ROOT, r.filePath)}: ${m.ruleId} ${m.message}`))).toEqual([]);
  });
});
