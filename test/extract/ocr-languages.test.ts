import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGS } from '../../src/extract/concepts/index.js';
import { ocrPage } from '../../src/extract/ocr/ocr-page.js';
import { detectPageLanguage, OCR_MODELS } from '../../src/extract/ocr/page-language.js';
import { localLanguageDataPath, TesseractPool } from '../../src/extract/ocr/tesseract-pool.js';
import { renderPdfPage } from '../fixtures/extract/scans.js';

const words = (text: string) => text.split(/\s+/).map((t) => ({ text: t }));

describe('OCR language models', () => {
  it('ships every language of the catalogue as a local npm package, never fetched', () => {
    for (const lang of LANGS) {
      const dir = localLanguageDataPath(OCR_MODELS[lang]);
      expect(dir).toMatch(new RegExp(`node_modules/@tesseract\\.js-data/${OCR_MODELS[lang]}/4\\.0\\.0_best_int$`));
      expect(existsSync(`${dir}/${OCR_MODELS[lang]}.traineddata.gz`)).toBe(true);
    }
  });
});

describe('page language', () => {
  // Readings as the English model gives them: accents dropped or misread, the words around them intact.
  it('tells each language from an English-model reading', () => {
    expect(detectPageLanguage(words('INVOICE Invoice No. 1042 Date 12/03/2024 Description Qty Unit Price Amount Subtotal Tax Total due Thank you for your business'))).toBe('en');
    expect(detectPageLanguage(words('RECHNUNG Rechnungsnr. 1042 Datum 12.03.2024 Beschreibung Menge Einzelpreis Betrag Zwischensumme MwSt. Gesamtbetrag Vielen Dank fur Ihren Auftrag'))).toBe('de');
    expect(detectPageLanguage(words('FACTURE N° de facture 1042 Date 12/03/2024 Designation Quantite Prix unitaire Montant Total HT TVA Total TTC Merci pour votre confiance'))).toBe('fr');
    expect(detectPageLanguage(words('FACTURA Numero de factura 1042 Fecha 12/03/2024 Descripcion Cantidad Precio unitario Importe Base imponible IVA Total Gracias por su compra'))).toBe('es');
    expect(detectPageLanguage(words('FACTUUR Factuurnummer 1042 Datum 12-03-2024 Omschrijving Aantal Prijs Bedrag Subtotaal BTW Totaal Bedankt voor uw bestelling'))).toBe('nl');
    expect(detectPageLanguage(words('FATTURA Numero fattura 1042 Data 12/03/2024 Descrizione Quantita Prezzo unitario Importo Imponibile IVA Totale Grazie per il vostro ordine'))).toBe('it');
    expect(detectPageLanguage(words('FATURA Numero da fatura 1042 Data 12/03/2024 Descricao Quantidade Preco unitario Valor Subtotal IVA Total Obrigado pela sua preferencia'))).toBe('pt');
  });

  it('keeps English for an English page with a few foreign words (names, addresses), and for pages without words', () => {
    expect(detectPageLanguage(words('Invoice to Müller GmbH Hauptstraße 5 Berlin Description Amount Total Thank you'))).toBe('en');
    expect(detectPageLanguage(words('1042 12.03.2024 48,00 9,75'))).toBe('en');
  });
});

describe('OCR in the page language', () => {
  const pool = new TesseractPool(1);
  afterAll(() => pool.close());

  /** A small German receipt with umlauts, ß and €, rendered at 200 dpi and saved as a JPEG scan. */
  async function germanScan(): Promise<Buffer> {
    const doc = new PDFDocument({ size: [360, 240], margin: 0 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
    doc.font('Helvetica-Bold').fontSize(12).text('Rechnung Nr. 2024-17', 20, 20, { lineBreak: false });
    doc.font('Helvetica').fontSize(11);
    [['Artikel', 'Menge', 'Betrag'], ['Bügeleisen', '1', '34,90 €'], ['Größe XL Tücher', '3', '12,50 €'], ['Gesamtbetrag', '', '47,40 €']].forEach((row, i) => {
      doc.text(row[0], 20, 55 + i * 24, { lineBreak: false });
      doc.text(row[1], 190, 55 + i * 24, { lineBreak: false });
      doc.text(row[2], 260, 55 + i * 24, { lineBreak: false });
    });
    doc.text('Vielen Dank für Ihren Einkauf in der Hauptstraße.', 20, 160, { lineBreak: false });
    doc.end();
    return sharp(await renderPdfPage(await done, 200)).jpeg({ quality: 80 }).toBuffer();
  }

  it('reads a German scan again with the German model: umlauts, ß and € come out', { timeout: 120_000 }, async () => {
    const image = await germanScan();
    const english = await ocrPage(image, 'fast', pool, 'en');
    const page = await ocrPage(image, 'fast', pool);
    const text = (p: typeof page) => p.words.map((w) => w.text).join(' ');
    expect(english.language).toBe('en');
    expect(page.language).toBe('de');
    for (const word of ['Bügeleisen', 'Größe', 'Tücher', 'Hauptstraße.', '€']) expect(text(page).split(' ')).toContain(word);
    // The English model alone misses them: the second reading is what brings them.
    expect(['Bügeleisen', 'Größe', 'Tücher', 'Hauptstraße.'].filter((w) => text(english).split(' ').includes(w)).length).toBeLessThan(2);
  });
});
