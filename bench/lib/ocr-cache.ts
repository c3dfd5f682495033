/**
 * Rules re-run on saved OCR words (`--ocr-cache <dir>` of bench/extract.ts):
 * a scanned page is read once, its words, rules and aspect saved as JSON
 * under `<dir>`, and every later run takes them from there and goes straight
 * to the layout stages (`extractFromContent`). Changing a rule in
 * layout/ then costs seconds on all real scans instead of an hour of OCR.
 *
 * A reading is keyed by the image's digest, the quality, the reader's
 * settings (`settings.read`, the OCR models) and a digest of the reader's
 * source (src/extract/read/), so a change to how pages are read reads them
 * again. What the key cannot see (a cue word of lang/ that picks the page's
 * language, a new recognizer outside read/) needs the folder emptied by
 * hand. Keep the folder under `.cache/` (gitignored).
 *
 * What differs from the engine: values' boxes stay in the upright frame of
 * the reading (the real-set scoring reads no box), picture regions are not
 * looked for, and the milliseconds of a page read from the cache are the
 * layout stages' alone.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractFromContent, type PageContent } from '../../src/extract/layout/index.js';
import { applyLayoutMemory } from '../../src/extract/memory/apply.js';
import { isTextLayerUsable } from '../../src/extract/read/page-content.js';
import { createPageReader } from '../../src/extract/read/page-reader.js';
import { OCR_MODELS } from '../../src/extract/lang/index.js';
import { withSettings, type SettingsOverrides } from '../../src/extract/settings.js';
import { pageImage, type Engine, type EnginePage, type ExtractRequest, type ExtractResult } from '../../src/extract/types.js';

const READ_SOURCE = fileURLToPath(new URL('../../src/extract/read/', import.meta.url));

/** A digest of the reader's source files, so an edited reader never meets words an older one read. */
async function readerSourceDigest(): Promise<string> {
  const hash = createHash('sha1');
  const files = (await readdir(READ_SOURCE, { recursive: true })).filter((f) => f.endsWith('.ts')).sort();
  for (const f of files) hash.update(f).update(await readFile(join(READ_SOURCE, f)));
  return hash.digest('hex');
}

export interface CachedReadingEngine extends Engine {
  /** Pages read from the cache and pages read by OCR (and saved) so far. */
  readonly counts: { hits: number; misses: number };
}

/**
 * An engine that reads a page without a usable text layer once and keeps its
 * words under `dir`; pages with one go to `fallback` unchanged.
 */
export async function cachedReadingEngine(dir: string, fallback: Engine, overrides?: SettingsOverrides): Promise<CachedReadingEngine> {
  const settings = withSettings(overrides);
  const readerKey = createHash('sha1')
    .update(JSON.stringify({ read: settings.read, models: OCR_MODELS }))
    .update(await readerSourceDigest())
    .digest('hex')
    .slice(0, 16);
  const folder = join(dir, readerKey);
  await mkdir(folder, { recursive: true });
  const reader = createPageReader({ settings });
  const counts = { hits: 0, misses: 0 };

  const contentOf = async (page: EnginePage, request: ExtractRequest): Promise<PageContent> => {
    const file = join(folder, `${createHash('sha1').update(pageImage(page)).digest('hex')}-${request.quality}.json`);
    if (existsSync(file)) {
      counts.hits++;
      return JSON.parse(await readFile(file, 'utf8')) as PageContent;
    }
    counts.misses++;
    const { content } = await reader.read(page, request.quality);
    await writeFile(file, JSON.stringify(content));
    return content;
  };

  return {
    name: 'layout (saved OCR words)',
    counts,
    async extract(page: EnginePage, request: ExtractRequest): Promise<ExtractResult> {
      if (!page.image || isTextLayerUsable(page.textLayer, settings)) return fallback.extract(page, request);
      try {
        const content = await contentOf(page, request);
        const result = applyLayoutMemory(content, request, extractFromContent(content, request, settings), settings);
        // The words go with the answer as the layout engine's do: the service stores them for the layout memory's learning.
        return result.ok ? { ...result, content } : result;
      } catch (err) {
        return { ok: false, failure: { code: 'engine_error', message: err instanceof Error ? err.message : String(err) } };
      }
    },
    close: () => reader.close(),
  };
}
