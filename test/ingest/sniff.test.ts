import { describe, expect, it } from 'vitest';
import { decodeText, sniffFile } from '../../src/ingest/sniff.js';
import { bmpFixture, docxFixture, docxFromXml, imageFixture, legacyDocHeader } from '../fixtures/ingest/file-fixtures.js';
import { textPdf } from '../fixtures/ingest/pdf-fixtures.js';
import { useTmpDir } from '../fixtures/ingest/tmp-files.js';
import { zipSync, strToU8 } from 'fflate';

const tmp = useTmpDir();

describe('sniffFile', () => {
  it.each(['jpeg', 'png', 'webp', 'gif', 'tiff'] as const)('recognizes %s by content whatever the name', async (kind) => {
    expect(await sniffFile(tmp.file(`x-${kind}.txt`, await imageFixture(kind)))).toBe(kind);
  });

  it('recognizes BMP, PDF, .docx and text', async () => {
    expect(await sniffFile(tmp.file('a.jpg', bmpFixture()))).toBe('bmp');
    expect(await sniffFile(tmp.file('a.png', await textPdf({ pages: 1 })))).toBe('pdf');
    expect(await sniffFile(tmp.file('a.pdf', docxFixture()))).toBe('docx');
    expect(await sniffFile(tmp.file('a.bin', 'plain text\nwith lines\n'))).toBe('txt');
  });

  it('refuses a legacy .doc and says why', async () => {
    await expect(sniffFile(tmp.file('old.doc', legacyDocHeader()))).rejects.toMatchObject({
      code: 'invalid_parameter',
      param: 'file',
      message: expect.stringContaining('Legacy Word .doc'),
    });
  });

  it('refuses a zip that is not a Word document', async () => {
    const zip = Buffer.from(zipSync({ 'readme.md': strToU8('hello') }));
    await expect(sniffFile(tmp.file('x.docx', zip))).rejects.toMatchObject({
      code: 'invalid_parameter',
      param: 'file',
      message: expect.stringContaining('not a Word .docx document'),
    });
    // The same archive with the Word part passes.
    expect(await sniffFile(tmp.file('y.docx', docxFromXml('<w:document/>')))).toBe('docx');
  });

  it('refuses binary data and empty files', async () => {
    const binary = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7) % 256));
    await expect(sniffFile(tmp.file('x.bin', binary))).rejects.toMatchObject({
      param: 'file',
      message: expect.stringContaining('Unsupported file type'),
    });
    await expect(sniffFile(tmp.file('empty', ''))).rejects.toMatchObject({ param: 'file', message: 'The file is empty.' });
  });
});

describe('decodeText', () => {
  it('decodes UTF-8 with and without BOM', () => {
    expect(decodeText(Buffer.from('Grüße €5'))).toBe('Grüße €5');
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('héllo')]))).toBe('héllo');
  });

  it('decodes UTF-16 LE and BE with BOM', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Zoë €', 'utf16le')]);
    const be = Buffer.from(le);
    be.swap16();
    expect(decodeText(le)).toBe('Zoë €');
    expect(decodeText(be)).toBe('Zoë €');
  });

  it('falls back to Latin-1 when the bytes are not UTF-8', () => {
    expect(decodeText(Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0xa3, 0x33]))).toBe('café £3');
  });
});
