/**
 * E-invoices: how many of the values an e-invoice's XML carries the engine
 * returns equal to the XML, on hybrid PDFs (the XML attached to its printed
 * page) in every profile and both syntaxes, read from the XML
 * (withEInvoice around the layout engine) and from the printed page alone
 * (DOCROWS_EINVOICE=off: the layout engine without it) on the same files.
 * The pages are docrows' own rendering of each XML (src/ingest/einvoice-pdf.ts).
 * The real hybrids of datasets/kie-dev carry no XML any more (their README:
 * the embedded XML was removed), so they are not part of this figure.
 *
 *   npm run bench:einvoice [-- --json]
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { termFor, withEInvoice, type EInvoice } from '../src/einvoice/index.js';
import { sameValue } from '../src/einvoice/locate.js';
import { createLayoutEngine } from '../src/extract/index.js';
import type { CellValue, Engine, EnginePage, ExtractRequest } from '../src/extract/types.js';
import { renderInvoicePdf } from '../src/ingest/einvoice-pdf.js';
import { ingestFile } from '../src/ingest/ingest.js';
import { attachInvoiceXml } from './lib/einvoice/hybrid-pdf.js';
import { sampleInvoice } from './lib/einvoice/sample.js';
import { PROFILES, writeCii, writeUbl, type ProfileName } from './lib/einvoice/write-xml.js';

const HEADER = ['invoice_number', 'invoice_date', 'due_date', 'seller_name', 'buyer_name', 'seller_vat_id', 'iban', 'total_amount', 'tax_amount', 'amount_due', 'currency'];
const LINES = ['position', 'description', 'quantity', 'unit_price', 'line_total', 'vat_rate'];

const request = (names: string[]): ExtractRequest => ({ fields: names.map((name) => ({ name, formatRequirement: '' })), globalFormatRequirement: '', quality: 'fast' });

interface Score {
  values: number;
  equal: number;
}

/** Values of `names` the XML carries, and how many the engine returned equal to it, over the upload's pages. */
async function score(engine: Engine, pages: EnginePage[], invoice: EInvoice, names: string[], line: boolean): Promise<Score> {
  const s: Score = { values: 0, equal: 0 };
  const rows: Array<Record<string, CellValue>> = [];
  for (const page of pages) {
    const result = await engine.extract(page, request(names));
    if (result.ok) rows.push(...(result.rows as Array<Record<string, CellValue>>));
  }
  const expected = line ? invoice.lines : [null];
  expected.forEach((l, i) => {
    for (const name of names) {
      const term = termFor(name)!;
      const want = term.read(invoice, l);
      if (want === null) continue;
      s.values++;
      const got = (line ? rows[i] : rows[0])?.[name]?.value;
      if (got && sameValue(want, got, term.kind)) s.equal++;
    }
  });
  return s;
}

const add = (a: Score, b: Score): Score => ({ values: a.values + b.values, equal: a.equal + b.equal });
const share = (s: Score) => (s.values ? Number((s.equal / s.values).toFixed(4)) : null);

async function main(): Promise<void> {
  const json = process.argv.includes('--json');
  const layout = createLayoutEngine();
  const fromXml = withEInvoice(layout, { compare: true });
  const dir = await mkdtemp(join(tmpdir(), 'docrows-bench-einvoice-'));
  const out: Array<Record<string, unknown>> = [];
  const totals = { xml: { header: { values: 0, equal: 0 }, lines: { values: 0, equal: 0 } }, page: { header: { values: 0, equal: 0 }, lines: { values: 0, equal: 0 } } };
  try {
    for (const profile of Object.keys(PROFILES) as ProfileName[]) {
      for (const creditNote of [false, true]) {
        for (const syntax of profile === 'zugferd1' ? ['CII'] : ['UBL', 'CII']) {
          const invoice = { ...sampleInvoice(profile, { creditNote }), syntax: syntax as 'UBL' | 'CII' };
          const xml = Buffer.from(syntax === 'UBL' ? writeUbl(invoice) : writeCii(invoice));
          const path = join(dir, `${profile}-${syntax}-${creditNote ? 'credit' : 'invoice'}.pdf`);
          await writeFile(path, await attachInvoiceXml(await renderInvoicePdf(invoice, 50), xml));
          const upload = await ingestFile(path, { passwords: [], maxPages: 50 });
          const withXml = upload.pages.map((p, i): EnginePage => ({ image: p.jpeg, textLayer: p.textLayer, ...(upload.einvoice ? { einvoice: { ...upload.einvoice, page: i + 1 } } : {}) }));
          const pageOnly = withXml.map(({ image, textLayer }) => ({ image, textLayer }));
          const hasLines = invoice.lines.length > 0;
          const figures = {
            xml: { header: await score(fromXml, withXml, invoice, HEADER, false), lines: hasLines ? await score(fromXml, withXml, invoice, LINES, true) : { values: 0, equal: 0 } },
            page: { header: await score(layout, pageOnly, invoice, HEADER, false), lines: hasLines ? await score(layout, pageOnly, invoice, LINES, true) : { values: 0, equal: 0 } },
          };
          for (const k of ['xml', 'page'] as const) {
            totals[k].header = add(totals[k].header, figures[k].header);
            totals[k].lines = add(totals[k].lines, figures[k].lines);
          }
          out.push({ profile, syntax, credit_note: creditNote, found_xml: upload.einvoice !== null, figures });
        }
      }
    }
  } finally {
    await layout.close?.();
    await rm(dir, { recursive: true, force: true });
  }
  const report = {
    bench: 'einvoice',
    files: out.length,
    equal_to_xml: {
      from_xml: { header: share(totals.xml.header), lines: share(totals.xml.lines), counts: totals.xml },
      page_only: { header: share(totals.page.header), lines: share(totals.page.lines), counts: totals.page },
    },
    cases: out,
  };
  console.log(json ? JSON.stringify(report) : JSON.stringify(report, null, 2));
  if (!json) {
    console.error(`e-invoice hybrids (${out.length} files): equal to the XML — from the XML: header ${share(totals.xml.header)}, lines ${share(totals.xml.lines)}; printed page only (DOCROWS_EINVOICE=off): header ${share(totals.page.header)}, lines ${share(totals.page.lines)}`);
  }
}

await main();
