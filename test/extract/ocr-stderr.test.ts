import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { generateBusinessDoc } from '../../bench/lib/business/index.js';
import { randomScanOptions, scanPages } from '../../bench/lib/business/scan.js';
import { runScript } from './helpers/child-script.js';
import { pageImage } from '../../src/extract/types.js';

/** The layout engine reading one image file in a process of its own: its exit code, stdout and stderr. */
function extractInChild(file: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return runScript(
    `import { readFile } from 'node:fs/promises';
import { createLayoutEngine } from ${JSON.stringify(pathToFileURL(join(process.cwd(), 'src/extract/layout/index.ts')).href)};
const engine = createLayoutEngine();
const fields = ['description', 'line_total'].map((name) => ({ name, formatRequirement: '' }));
const request = { fields, globalFormatRequirement: '', quality: 'fast' as const };
const result = await engine.extract({ image: await readFile(${JSON.stringify(file)}), textLayer: null }, request);
await engine.close?.();
console.log(JSON.stringify({ ok: result.ok, rows: result.ok ? result.rows.length : 0 }));
`,
  );
}

describe('OCR diagnostics', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('keeps tesseract\'s own diagnostics off stderr (a scanned receipt whose specks make one-pixel line images)', { timeout: 120_000 }, async () => {
    // This generated receipt (es, seed 1) made tesseract print "Image too small to scale!! (1x36 vs min width of 3)"
    // and "Line cannot be recognized!!" to the process's stderr.
    const doc = await generateBusinessDoc({ seed: 1, kind: 'receipt', lang: 'es' });
    const [page] = await scanPages(doc.pdf, randomScanOptions(1), 1);
    const dir = await mkdtemp(join(tmpdir(), 'docrows-ocr-stderr-'));
    dirs.push(dir);
    const file = join(dir, 'receipt.jpg');
    await writeFile(file, pageImage(page));
    const { code, stdout, stderr } = await extractInChild(file);
    expect(code).toBe(0);
    expect(JSON.parse(stdout), stdout).toMatchObject({ ok: true });
    expect(JSON.parse(stdout).rows).toBeGreaterThan(0);
    expect(stderr).toBe('');
  });
});
