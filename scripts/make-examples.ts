/**
 * Writes the example documents of examples/ (README.md's tours use them) with
 * the project's own generator (bench/lib/business): the same seeds give the
 * same files. Run `npm run examples` after changing the generator.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateBusinessDoc, type BusinessDoc } from '../bench/lib/business/index.js';
import { ingestPages, scanImage, type ScanOptions } from '../bench/lib/business/scan.js';
import { businessDocx, businessText } from '../bench/lib/business/office.js';
import { pageImage } from '../src/extract/types.js';

export const EXAMPLES_DIR = path.resolve(import.meta.dirname, '../examples');

/** Seeds of the generator: each file is the same on every run. */
const INVOICE_EN_SEED = 27;
const INVOICE_DE_SEED = 12;
const RECEIPT_FR_SEED = 13;
const ORDER_DE_SEED = 14;
const PRICES_EN_SEED = 15;

/** A flatbed scan, slightly skewed and grainy: enough to need OCR, clean enough to read. */
const FLATBED: ScanOptions = { kind: 'flatbed', dpi: 200, rotate: 0.8, blur: 0.4, noise: 6, jpegQuality: 80, light: 0.92, keystone: 0, shadow: 0 };

export async function makeExamples(dir = EXAMPLES_DIR): Promise<string[]> {
  const doc = (seed: number, kind: BusinessDoc['kind'], lang: BusinessDoc['lang']) => generateBusinessDoc({ seed, kind, lang });
  const invoiceEn = await doc(INVOICE_EN_SEED, 'invoice', 'en');
  const invoiceDe = await doc(INVOICE_DE_SEED, 'invoice', 'de');
  const receipt = await doc(RECEIPT_FR_SEED, 'receipt', 'fr');
  const order = await doc(ORDER_DE_SEED, 'purchase_order', 'de');
  const prices = await doc(PRICES_EN_SEED, 'price_list', 'en');
  const [receiptPage] = await ingestPages(receipt.pdf);
  const files: Record<string, Buffer | string> = {
    'invoice-en.pdf': invoiceEn.pdf,
    'rechnung-de.pdf': invoiceDe.pdf,
    'receipt-fr-scan.jpg': await scanImage(pageImage(receiptPage), FLATBED, RECEIPT_FR_SEED),
    'bestellung-de.docx': businessDocx(order),
    'price-list-en.txt': businessText(prices),
  };
  await mkdir(dir, { recursive: true });
  for (const [name, bytes] of Object.entries(files)) await writeFile(path.join(dir, name), bytes);
  return Object.keys(files);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const name of await makeExamples()) process.stdout.write(`wrote examples/${name}\n`);
}
