/**
 * Hostile uploads, generated in code: decompression bombs in every container
 * docrows reads (PDF Flate/LZW/object streams, PNG, JPEG, TIFF, zip/docx, a
 * hybrid invoice's attachment), XML entities (XXE, billion laughs),
 * deep nesting, huge dimensions, cyclic PDF structures, lying sizes and
 * truncated files. Each is small on the wire; what it asks of a parser is not.
 */
import { createDeflate, deflateSync } from 'node:zlib';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { bmpFixture, docxFromXml, docxFixture, hugePngHeader, imageFixture } from '../fixtures/ingest/file-fixtures.js';
import { textPdf } from '../fixtures/ingest/pdf-fixtures.js';

export interface HostileCase {
  name: string;
  filename: string;
  bytes: Buffer;
  /** `refused`: must answer invalid_parameter; `either`: 200 or invalid_parameter (a parser may cope). */
  expect: 'refused' | 'either';
}

const MiB = 1024 * 1024;

/** Deflates `total` bytes of `fill` without ever holding them: a bomb of any size from a few MB of work. */
export function deflateRepeated(total: number, fill = 0x20, chunkBytes = 16 * MiB): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const out: Buffer[] = [];
    const z = createDeflate({ level: 9, memLevel: 9 });
    z.on('data', (c: Buffer) => out.push(c));
    z.on('end', () => resolve(Buffer.concat(out)));
    z.on('error', reject);
    const chunk = Buffer.alloc(chunkBytes, fill);
    let left = total;
    const more = (): void => {
      while (left > 0) {
        const n = Math.min(left, chunk.length);
        left -= n;
        if (!z.write(chunk.subarray(0, n))) return void z.once('drain', more);
      }
      z.end();
    };
    more();
  });
}

/** A PDF from object bodies (object i+1 = objs[i]; object 1 is the catalog), with a correct xref table. */
export function buildPdf(objs: Array<string | Buffer>): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let at = parts[0].length;
  const offsets: number[] = [];
  objs.forEach((body, i) => {
    offsets.push(at);
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'), Buffer.from('\nendobj\n')]);
    parts.push(obj);
    at += obj.length;
  });
  const xref = [`xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`));
  return Buffer.concat(parts);
}

export function pdfStream(dict: string, data: Buffer, length = data.length): Buffer {
  return Buffer.concat([Buffer.from(`<< ${dict} /Length ${length} >>\nstream\n`), data, Buffer.from('\nendstream')]);
}

/** Catalog, one Pages node, one page with `content` (object 4) and optional extra objects from 5 on. */
function onePage(content: Buffer | string, resources = '<< >>', extra: Array<string | Buffer> = [], mediaBox = '0 0 612 792'): Buffer {
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [${mediaBox}] /Resources ${resources} /Contents 4 0 R >>`,
    typeof content === 'string' ? pdfStream('', Buffer.from(content)) : content,
    ...extra,
  ]);
}

/** A one-page PDF carrying `file` (an embedded-file stream) as factur-x.xml, in the name tree and the catalog's /AF. */
function hybridPdf(file: Buffer): Buffer {
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(factur-x.xml) 5 0 R] >> >> /AF [5 0 R] >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    pdfStream('', Buffer.from('BT ET')),
    '<< /Type /Filespec /F (factur-x.xml) /UF (factur-x.xml) /AFRelationship /Alternative /EF << /F 6 0 R >> >>',
    file,
  ]);
}

/**
 * LZW codes for a run of `total` zero bytes as PDF's LZWDecode reads them
 * (EarlyChange 1, 9 to 12 bit codes): each code one byte longer than the last
 * until the table is full, then the longest code over and over.
 */
export function lzwZeros(total: number): Buffer {
  const codes: number[] = [256];
  let next = 258;
  let produced = 0;
  let longest = 0;
  codes.push(0);
  produced = 1;
  while (produced < total) {
    if (next < 4096) {
      codes.push(next);
      produced += next - 256;
      longest = next;
      next++;
    } else {
      codes.push(longest);
      produced += longest - 256;
    }
  }
  codes.push(257);
  // The decoder's code width, tracked as it will track it.
  let bits = 0;
  let acc = 0;
  const out: number[] = [];
  let decoderNext = 258;
  let first = true;
  for (const code of codes) {
    const width = decoderNext + 1 >= 2048 ? 12 : decoderNext + 1 >= 1024 ? 11 : decoderNext + 1 >= 512 ? 10 : 9;
    acc = (acc << width) | code;
    bits += width;
    while (bits >= 8) {
      out.push((acc >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
    acc &= (1 << bits) - 1;
    if (code === 256) {
      decoderNext = 258;
      first = true;
    } else if (first) first = false;
    else if (decoderNext < 4096) decoderNext++;
  }
  if (bits > 0) out.push((acc << (8 - bits)) & 0xff);
  return Buffer.from(out);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A grey PNG declaring `width`×`height` whose IDAT inflates to `idatBytes` zeros (lying when they differ). */
export async function pngBomb(width: number, height: number, idatBytes = (width + 1) * height): Promise<Buffer> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const idat = await deflateRepeated(idatBytes, 0);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A real JPEG whose SOF header is rewritten to declare `width`×`height`. */
async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await imageFixture('jpeg'));
  for (let i = 2; i < jpeg.length - 9; i++) {
    if (jpeg[i] === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2)) {
      jpeg.writeUInt16BE(height, i + 5);
      jpeg.writeUInt16BE(width, i + 7);
      return jpeg;
    }
  }
  throw new Error('no SOF marker');
}

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const docxBody = (inner: string): string => `<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>${inner}</w:body></w:document>`;
const cellXml = (text: string, span?: string): string =>
  `<w:tc>${span ? `<w:tcPr><w:gridSpan w:val="${span}"/></w:tcPr>` : ''}<w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:tc>`;

/** Every hostile upload of the suite. Generation takes a few seconds (the 1 GiB Flate bomb is most of it). */
export async function hostileUploads(): Promise<HostileCase[]> {
  // The slow generators run side by side (zlib and libvips work off the event loop).
  const [flateGiB, jpegBomb, tiffBomb] = await Promise.all([
    deflateRepeated(1024 * MiB),
    sharp({ create: { width: 10_000, height: 8_000, channels: 3, background: '#808080' } }).jpeg({ quality: 10 }).toBuffer(),
    sharp({ create: { width: 8_000, height: 8_000, channels: 3, background: '#ffffff' } }).tiff({ compression: 'deflate' }).toBuffer(),
  ]);
  const cases: HostileCase[] = [];
  const add = (name: string, filename: string, bytes: Buffer, expect: HostileCase['expect'] = 'either'): void => {
    cases.push({ name, filename, bytes, expect });
  };

  // PDF: decompression bombs.
  add('PDF Flate content stream inflating to 1 GiB', 'flate-bomb.pdf', onePage(pdfStream('/Filter /FlateDecode', flateGiB)));
  add('PDF Flate image XObject inflating to 1 GiB', 'flate-image.pdf', onePage('q 612 0 0 792 0 0 cm /Im0 Do Q',
    '<< /XObject << /Im0 5 0 R >> >>',
    [pdfStream('/Type /XObject /Subtype /Image /Width 32768 /Height 32768 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode', flateGiB)]));
  add('PDF LZW content stream inflating to ~1 GiB', 'lzw-bomb.pdf', onePage(pdfStream('/Filter /LZWDecode', lzwZeros(1024 * MiB))));
  add('PDF object stream inflating to 1 GiB', 'objstm-bomb.pdf', buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources 5 0 R /Contents 4 0 R >>',
    pdfStream('', Buffer.from('BT /F1 12 Tf 72 720 Td (x) Tj ET')),
    pdfStream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', flateGiB),
  ]));
  add('PDF Flate of Flate: 1 GiB from a few KB', 'flate-chain.pdf', onePage(pdfStream('/Filter [/FlateDecode /FlateDecode]', deflateSync(flateGiB, { level: 9 }))));
  // PDF: structure.
  add('PDF whose page tree contains itself', 'cyclic-pages.pdf', buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ]));
  add('PDF form XObject that draws itself', 'cyclic-xobject.pdf', onePage('/X0 Do', '<< /XObject << /X0 5 0 R >> >>',
    [pdfStream('/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /XObject << /X0 5 0 R >> >>', Buffer.from('/X0 Do'))]));
  add('PDF with 200,000 nested arrays in its content', 'deep-arrays.pdf', onePage(`${'['.repeat(200_000)}${']'.repeat(200_000)} pop`));
  add('PDF with 100,000 nested dictionaries', 'deep-dicts.pdf', buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /X ${'<< /A '.repeat(100_000)}1${' >>'.repeat(100_000)} >>`,
  ]));
  add('PDF whose stream /Length claims 2 GB', 'lying-length.pdf', onePage(pdfStream('', Buffer.from('BT ET'), 2_000_000_000)));
  add('PDF declaring a million pages', 'million-pages.pdf', buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${'3 0 R '.repeat(100_000)}] /Count 1000000 >>`,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ]), 'refused');
  add('PDF page of 14,400 × 14,400 pt with a 1e9-point MediaBox twin', 'huge-mediabox.pdf',
    onePage('BT ET', '<< >>', [], '0 0 1000000000 1000000000'));
  const real = await textPdf({ pages: 3 });
  add('PDF truncated at half', 'truncated.pdf', real.subarray(0, real.length >> 1));
  add('PDF header then garbage', 'garbage.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200_000, 0xee)]), 'refused');

  // Images.
  add('PNG declaring 100,000 × 100,000 pixels', 'huge.png', hugePngHeader(), 'refused');
  add('PNG of 10,000 × 10,000 zero pixels (100 MB inflated from ~100 KB)', 'png-bomb.png', await pngBomb(10_000, 10_000));
  add('PNG declaring 10 × 10 with 64 MiB of pixel data', 'png-lying.png', await pngBomb(10, 10, 64 * MiB));
  add('JPEG declaring 65,000 × 65,000', 'huge.jpg', await jpegDeclaring(65_000, 65_000), 'refused');
  add('JPEG of 10,000 × 8,000 (80 Mpx) of one colour', 'jpeg-bomb.jpg', jpegBomb);
  add('TIFF of 8,000 × 8,000 deflated (192 MB of pixels)', 'tiff-bomb.tif', tiffBomb);
  const tiff = await imageFixture('tiff');
  add('TIFF truncated at half', 'truncated.tif', tiff.subarray(0, tiff.length >> 1));
  const bmp = bmpFixture();
  bmp.writeInt32LE(200_000, 18);
  bmp.writeInt32LE(200_000, 22);
  add('BMP declaring 200,000 × 200,000', 'huge.bmp', bmp, 'refused');
  const gif = Buffer.from(await imageFixture('gif'));
  gif.writeUInt16LE(65_535, 6);
  gif.writeUInt16LE(65_535, 8);
  add('GIF declaring 65,535 × 65,535', 'huge.gif', gif);

  // Word documents and zips.
  add('.docx cell with w:gridSpan 1,000,000,000', 'gridspan.docx',
    docxFromXml(docxBody(`<w:tbl><w:tr>${cellXml('a', '1000000000')}${cellXml('b')}</w:tr></w:tbl>`)));
  add('.docx whose document.xml inflates to 1 GiB (its headers say 1 KB)', 'zip-bomb.docx',
    zipWithDeflated('word/document.xml', rawDeflate(flateGiB)), 'refused');
  add('.docx with 300,000 nested tables', 'deep-tables.docx',
    docxFromXml(docxBody(`${'<w:tbl><w:tr><w:tc>'.repeat(300_000)}<w:p/>${'</w:tc></w:tr></w:tbl>'.repeat(300_000)}`)));
  add('.docx with 400,000 nested elements', 'deep-xml.docx', docxFromXml(docxBody(`${'<w:x>'.repeat(400_000)}${'</w:x>'.repeat(400_000)}`)));
  add('.docx table of 5,000 rows × 63 columns', 'big-table.docx',
    docxFromXml(docxBody(`<w:tbl>${`<w:tr>${cellXml('x').repeat(63)}</w:tr>`.repeat(5_000)}</w:tbl>`)), 'refused');
  add('.docx with a 2 MB word', 'long-word.docx', docxFromXml(docxBody(`<w:p><w:r><w:t>${'W'.repeat(2 * MiB)}</w:t></w:r></w:p>`)));
  add('.docx holding a nested zip bomb', 'nested.docx', docxFromXml(docxBody('<w:p><w:r><w:t>hi</w:t></w:r></w:p>'), {
    'word/embeddings/inner.zip': zipSync({ 'a.xml': new Uint8Array(32 * MiB) }),
  }));
  const docx = docxFixture({ rows: 20 });
  add('.docx truncated at half', 'truncated.docx', docx.subarray(0, docx.length >> 1), 'refused');
  add('.docx whose central directory lies about sizes', 'lying-zip.docx', lyingCentralDirectory(docx), 'either');
  add('zip of 60,000 empty entries', 'many.docx',
    Buffer.from(zipSync(Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`f${i}`, new Uint8Array(0)])), { level: 0 })), 'refused');

  // E-invoices: XML uploads and the XML a hybrid PDF carries.
  const ubl = (inner: string) => `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">${inner}</Invoice>`;
  add('XML e-invoice with an external entity (XXE)', 'xxe.xml', Buffer.from(
    `<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${ubl('<ID>&xxe;</ID>')}`), 'refused');
  add('XML billion laughs (10^9 "lol"s from 1 KB)', 'lol.xml', Buffer.from(`<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY l0 "lol">${
    Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('')}]><lolz>&l9;</lolz>`), 'refused');
  add('XML e-invoice nested 1,000,000 deep', 'deep.xml', Buffer.from(ubl(`${'<Note>'.repeat(1_000_000)}${'</Note>'.repeat(1_000_000)}`)), 'refused');
  add('Factur-X PDF whose factur-x.xml inflates to 1 GiB', 'einvoice-bomb.pdf', hybridPdf(pdfStream('/Type /EmbeddedFile /Filter /FlateDecode', flateGiB)), 'refused');
  add('Factur-X PDF whose XML declares an external entity', 'einvoice-xxe.pdf', hybridPdf(pdfStream('/Type /EmbeddedFile', Buffer.from(
    `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "http://127.0.0.1:9/">]><x>&e;</x>`))), 'refused');

  // Text.
  add('.txt of 20 MB without a space', 'long-word.txt', Buffer.alloc(20 * MiB, 0x61), 'refused');
  add('.txt of 100,000 lines', 'many-lines.txt', Buffer.from('line\n'.repeat(100_000)), 'refused');
  add('UTF-16 .txt of lone surrogates', 'surrogates.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.alloc(100_000, 0xd8)]));
  return cases;
}

/** The raw deflate data inside a zlib stream (zip entries carry no zlib header or checksum). */
function rawDeflate(zlib: Buffer): Buffer {
  return zlib.subarray(2, zlib.length - 4);
}

/** A one-entry zip whose entry is already deflated (the sizes in its headers tell the truth: 1 GiB). */
function zipWithDeflated(name: string, deflated: Buffer): Buffer {
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(deflated.length, 18);
  local.writeUInt32LE(0xffffffff - 1, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(deflated.length, 20);
  // Lies: says 1 KB, inflates to 1 GiB.
  central.writeUInt32LE(1024, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(0, 42);
  const cdOffset = local.length + nameBytes.length + deflated.length;
  const cd = Buffer.concat([central, nameBytes]);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(1, 8);
  eocd.writeUInt16LE(1, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(cdOffset, 16);
  return Buffer.concat([local, nameBytes, deflated, cd, eocd]);
}

/** Every central-directory entry of `zip` claims a compressed size far past the end of the file. */
function lyingCentralDirectory(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  for (let i = 0; i < out.length - 46; i++) {
    if (out.readUInt32LE(i) === 0x02014b50) out.writeUInt32LE(0x7fffffff, i + 20);
  }
  return out;
}
