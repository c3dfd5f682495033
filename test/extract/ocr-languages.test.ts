import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGE_LIST, modelFolder, OCR_MODELS } from '../../src/extract/lang/index.js';
import { ocrPage } from '../../src/extract/read/ocr-page.js';
import type { GreyRaster } from '../../src/extract/read/grey-raster.js';
import { detectPageLanguage, tellLanguage } from '../../src/extract/read/page-language.js';
import { TesseractPool, type OcrWord } from '../../src/extract/read/tesseract-pool.js';
import { renderPdfPage } from '../fixtures/extract/scans.js';
import { runScript } from './helpers/child-script.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';

const words = (text: string) => text.split(/\s+/).map((t) => ({ text: t }));

describe('OCR language models', () => {
  it("ships every registered language's model on disk, never fetched: English from npm, the others as the unchanged upstream files in their folders", () => {
    for (const lang of LANGUAGE_LIST) {
      const model = lang.ocr.code;
      const dir = modelFolder(model);
      const file = `${dir}/${model}.traineddata.gz`;
      expect(existsSync(file)).toBe(true);
      if (lang.ocr.source === 'npm') {
        expect(dir).toMatch(new RegExp(`node_modules/@tesseract\\.js-data/${model}/4\\.0\\.0_best_int$`));
        continue;
      }
      expect(dir).toBe(resolve(`src/extract/lang/${lang.code}`));
      expect(createHash('sha256').update(gunzipSync(readFileSync(file))).digest('hex')).toBe(lang.ocr.sha256);
    }
    expect(() => modelFolder('xyz')).toThrow(/no language reads with the OCR model "xyz"/);
  });
});

describe('Tesseract workers', () => {
  it('start every language model without printing to stderr (an operator reads those lines as errors)', { timeout: 120_000 }, async () => {
    const run = await runScript(
      `import { TesseractPool } from ${JSON.stringify(resolve('src/extract/read/tesseract-pool.ts'))};
      import { DEFAULT_SETTINGS } from ${JSON.stringify(resolve('src/extract/settings.ts'))};
      const pool = new TesseractPool(1, DEFAULT_SETTINGS);
      for (const model of ${JSON.stringify(Object.values(OCR_MODELS))}) await pool.recognize({ width: 64, height: 32, data: new Uint8Array(2048).fill(255) }, 200, model);
      await pool.close();`,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });
});

describe('page language', () => {
  // Readings as the English model gives them: accents dropped or misread, the words around them intact.
  it('tells each language from an English-model reading', () => {
    expect(detectPageLanguage(words('INVOICE Invoice No. 1042 Date 12/03/2024 Description Qty Unit Price Amount Subtotal Tax Total due Thank you for your business'), DEFAULT_SETTINGS)).toBe('en');
    expect(detectPageLanguage(words('RECHNUNG Rechnungsnr. 1042 Datum 12.03.2024 Beschreibung Menge Einzelpreis Betrag Zwischensumme MwSt. Gesamtbetrag Vielen Dank fur Ihren Auftrag'), DEFAULT_SETTINGS)).toBe('de');
    expect(detectPageLanguage(words('FACTURE N° de facture 1042 Date 12/03/2024 Designation Quantite Prix unitaire Montant Total HT TVA Total TTC Merci pour votre confiance'), DEFAULT_SETTINGS)).toBe('fr');
    expect(detectPageLanguage(words('FACTURA Numero de factura 1042 Fecha 12/03/2024 Descripcion Cantidad Precio unitario Importe Base imponible IVA Total Gracias por su compra'), DEFAULT_SETTINGS)).toBe('es');
    expect(detectPageLanguage(words('FACTUUR Factuurnummer 1042 Datum 12-03-2024 Omschrijving Aantal Prijs Bedrag Subtotaal BTW Totaal Bedankt voor uw bestelling'), DEFAULT_SETTINGS)).toBe('nl');
    expect(detectPageLanguage(words('FATTURA Numero fattura 1042 Data 12/03/2024 Descrizione Quantita Prezzo unitario Importo Imponibile IVA Totale Grazie per il vostro ordine'), DEFAULT_SETTINGS)).toBe('it');
    expect(detectPageLanguage(words('FATURA Numero da fatura 1042 Data 12/03/2024 Descricao Quantidade Preco unitario Valor Subtotal IVA Total Obrigado pela sua preferencia'), DEFAULT_SETTINGS)).toBe('pt');
    expect(detectPageLanguage(words('FAKTURA VAT Nr faktury 1042 Data wystawienia 12.03.2024 Nabywca ul. Dluga 5 Nazwa towaru Ilosc Cena netto Wartosc Razem brutto Do zaplaty 1 234,56 zl'), DEFAULT_SETTINGS)).toBe('pl');
  });

  it('keeps English for an English page with a few foreign words (names, addresses), and for pages without words', () => {
    expect(detectPageLanguage(words('Invoice to Müller GmbH Hauptstraße 5 Berlin Description Amount Total Thank you'), DEFAULT_SETTINGS)).toBe('en');
    expect(detectPageLanguage(words('1042 12.03.2024 48,00 9,75'), DEFAULT_SETTINGS)).toBe('en');
  });

  it('takes two cue words of another language on a page that shows none of English (a blurred scan)', () => {
    expect(detectPageLanguage(words('WeiBhaupt e.K. Zahltag 28.06.2023 Gimmigenats 354241 Summe Abziige 4257.87'), DEFAULT_SETTINGS)).toBe('de');
    expect(detectPageLanguage(words('Weisshaupt Zahltag 28.06.2023 Summe Total 4257.87'), DEFAULT_SETTINGS)).toBe('en');
  });

  it('tells part of a page only when it settles the language: English needs twice any rival', () => {
    expect(tellLanguage(words('RECHNUNG Rechnungsnr. 1042 Datum 12.03.2024 Kunde'), DEFAULT_SETTINGS)).toBe('de');
    expect(tellLanguage(words('INVOICE Invoice No. 1042 Date 12/03/2024 Bill to'), DEFAULT_SETTINGS)).toBe('en');
    // A merchant's name and address: too little either way.
    expect(tellLanguage(words('BAKKERIJ JANSEN Kerkstraat 12 1012 AB'), DEFAULT_SETTINGS)).toBeUndefined();
    expect(tellLanguage(words('1042 12.03.2024 48,00 9,75'), DEFAULT_SETTINGS)).toBeUndefined();
    // Three English cue words beside two German ones: not yet English.
    expect(tellLanguage(words('Invoice Date Total Datum Kunde'), DEFAULT_SETTINGS)).toBeUndefined();
  });
});

describe('OCR in the page language', () => {
  const pool = new TesseractPool(1, DEFAULT_SETTINGS);
  afterAll(() => pool.close());

  /** A page of `height` points holding `top` lines and then a German receipt's lines, rendered at 200 dpi and saved as a JPEG scan. */
  async function scanOf(top: string[], height = 240): Promise<Buffer> {
    const doc = new PDFDocument({ size: [360, height], margin: 0 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
    doc.font('Helvetica-Bold').fontSize(12);
    top.forEach((line, i) => doc.text(line, 20, 20 + i * 22, { lineBreak: false }));
    const y = 55 + (top.length - 1) * 22;
    doc.font('Helvetica').fontSize(11);
    [['Artikel', 'Menge', 'Betrag'], ['Bügeleisen', '1', '34,90 €'], ['Größe XL Tücher', '3', '12,50 €'], ['Gesamtbetrag', '', '47,40 €']].forEach((row, i) => {
      doc.text(row[0], 20, y + i * 24, { lineBreak: false });
      doc.text(row[1], 190, y + i * 24, { lineBreak: false });
      doc.text(row[2], 260, y + i * 24, { lineBreak: false });
    });
    doc.text('Vielen Dank für Ihren Einkauf in der Hauptstraße.', 20, y + 105, { lineBreak: false });
    doc.end();
    return sharp(await renderPdfPage(await done, 200)).jpeg({ quality: 80 }).toBuffer();
  }

  /** A small German receipt with umlauts, ß and €. */
  const germanScan = () => scanOf(['Rechnung Nr. 2024-17']);

  /** The real pool, keeping the rows (band heights) each model was asked to read. */
  class ObservedPool extends TesseractPool {
    readonly rows: Record<string, number> = {};
    override recognize(image: GreyRaster, dpi: number, model = 'eng'): Promise<OcrWord[]> {
      this.rows[model] = (this.rows[model] ?? 0) + image.height;
      return super.recognize(image, dpi, model);
    }
  }

  it('reads a German scan again with the German model: umlauts, ß and € come out', { timeout: 120_000 }, async () => {
    const image = await germanScan();
    const english = await ocrPage(image, 'fast', pool, DEFAULT_SETTINGS, 'en');
    const page = await ocrPage(image, 'fast', pool, DEFAULT_SETTINGS);
    const text = (p: typeof page) => p.words.map((w) => w.text).join(' ');
    expect(english.language).toBe('en');
    expect(page.language).toBe('de');
    for (const word of ['Bügeleisen', 'Größe', 'Tücher', 'Hauptstraße.', '€']) expect(text(page).split(' ')).toContain(word);
    // The English model alone misses them: the second reading is what brings them.
    expect(['Bügeleisen', 'Größe', 'Tücher', 'Hauptstraße.'].filter((w) => text(english).split(' ').includes(w)).length).toBeLessThan(2);
  });

  it('reads a page whose top tells its language with the English model on the top part only', { timeout: 120_000 }, async () => {
    const observed = new ObservedPool(1, DEFAULT_SETTINGS);
    try {
      const page = await ocrPage(await scanOf(['Rechnung Nr. 2024-17', 'Datum 12.03.2024', 'Kunde Müller GmbH', 'Lieferdatum 11.03.2024'], 320), 'fast', observed, DEFAULT_SETTINGS);
      expect(page.language).toBe('de');
      expect(page.words.map((w) => w.text)).toContain('Bügeleisen');
      // The German model read the page whole; the English one less than half of it.
      expect(observed.rows.eng).toBeLessThan(observed.rows.deu / 2);
    } finally {
      await observed.close();
    }
  });

  it('reads a page whose top says nothing of its language in English whole, then in its own language', { timeout: 120_000 }, async () => {
    const observed = new ObservedPool(1, DEFAULT_SETTINGS);
    try {
      const page = await ocrPage(await scanOf(['ACME 1042', '4711 0815', '12 34 56', '98 76 54'], 270), 'fast', observed, DEFAULT_SETTINGS);
      expect(page.language).toBe('de');
      expect(observed.rows.eng).toBeGreaterThanOrEqual(observed.rows.deu * 0.9);
    } finally {
      await observed.close();
    }
  });
});
