import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractFromContent, type PageContent } from '../../../src/extract/layout/index.js';
import { applyLayoutMemory } from '../../../src/extract/memory/apply.js';
import type { LayoutModel } from '../../../src/extract/memory/index.js';
import type { PageReader } from '../../../src/extract/read/page-reader.js';
import { ingestPdf } from '../../../src/ingest/pdf.js';
import { DEFAULT_SETTINGS } from '../../../src/extract/settings.js';
import type { ExtractResult, FieldSpec } from '../../../src/extract/types.js';
import { senderPdf, type Sender, type SenderValues } from '../../fixtures/sender-pages.js';

/** A sender fixture's page (layout `a`) as the engine reads its text layer. */
export async function senderPageContent(reader: PageReader, sender: Sender, values: SenderValues, options: Parameters<typeof senderPdf>[3] = {}): Promise<PageContent> {
  const dir = await mkdtemp(join(tmpdir(), 'docrows-memory-page-'));
  try {
    await writeFile(join(dir, 'p.pdf'), await senderPdf(sender, 'a', values, options));
    const { pages } = await ingestPdf(join(dir, 'p.pdf'), { passwords: [], maxPages: 1, einvoice: false });
    return (await reader.read({ image: pages[0].jpeg, textLayer: pages[0].textLayer }, 'fast')).content;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The page read by the general rules, then with the memories as the layout engine applies them. */
export function readWithMemory(content: PageContent, fields: FieldSpec[], memories?: Array<{ id: string; model: LayoutModel }>): ExtractResult {
  const ask = { fields, globalFormatRequirement: '', quality: 'fast' as const };
  const general = extractFromContent(content, ask, DEFAULT_SETTINGS);
  return memories ? applyLayoutMemory(content, { ...ask, memories }, general, DEFAULT_SETTINGS) : general;
}
