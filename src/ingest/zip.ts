/**
 * Minimal zip reader for .docx: lists entries from the central directory and
 * inflates one entry in chunks, counting output bytes, so a zip bomb is cut
 * off at the cap whatever sizes its headers declare.
 */
import { Inflate } from 'fflate';
import { errors } from '../errors.js';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localHeaderOffset: number;
}

const EOCD_SIG = 0x06054b50;
const CDIR_SIG = 0x02014b50;
const LOCAL_SIG = 0x04034b50;
const STORED = 0;
const DEFLATE = 8;
const CHUNK = 64 * 1024;

const broken = (why: string): Error => errors.invalidParameter('file', `The .docx file is not a readable zip archive: ${why}.`);

export function listZipEntries(zip: Buffer): ZipEntry[] {
  // The end-of-central-directory record sits in the last 22 bytes plus an optional comment of up to 64 KiB.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD_SIG) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw broken('no end of central directory (truncated?)');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CDIR_SIG) throw broken('damaged central directory');
    const nameLen = zip.readUInt16LE(at + 28);
    const extraLen = zip.readUInt16LE(at + 30);
    const commentLen = zip.readUInt16LE(at + 32);
    entries.push({
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      declaredSize: zip.readUInt32LE(at + 24),
      localHeaderOffset: zip.readUInt32LE(at + 42),
      name: zip.toString('utf8', at + 46, at + 46 + nameLen),
    });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** Inflates `entry`, refusing it once more than `maxBytes` come out. */
export function readZipEntry(zip: Buffer, entry: ZipEntry, maxBytes: number): Buffer {
  if (entry.declaredSize > maxBytes) throw tooBig(entry.name, maxBytes);
  const lh = entry.localHeaderOffset;
  if (lh + 30 > zip.length || zip.readUInt32LE(lh) !== LOCAL_SIG) throw broken(`damaged entry ${entry.name}`);
  const start = lh + 30 + zip.readUInt16LE(lh + 26) + zip.readUInt16LE(lh + 28);
  const end = start + entry.compressedSize;
  if (end > zip.length) throw broken(`entry ${entry.name} is truncated`);
  const data = zip.subarray(start, end);
  if (entry.method === STORED) return Buffer.from(data);
  if (entry.method !== DEFLATE) throw broken(`entry ${entry.name} uses unsupported compression ${entry.method}`);

  const out: Uint8Array[] = [];
  let total = 0;
  let finished = false;
  const inflate = new Inflate((chunk, final) => {
    total += chunk.length;
    if (total > maxBytes) throw tooBig(entry.name, maxBytes);
    out.push(chunk);
    if (final) finished = true;
  });
  try {
    for (let i = 0; i < data.length; i += CHUNK) inflate.push(data.subarray(i, i + CHUNK), i + CHUNK >= data.length);
    if (data.length === 0) inflate.push(new Uint8Array(0), true);
  } catch (err) {
    if (err instanceof Error && err.name === 'AppError') throw err;
    throw broken(`entry ${entry.name} does not inflate`);
  }
  if (!finished) throw broken(`entry ${entry.name} is truncated`);
  return Buffer.concat(out);
}

function tooBig(name: string, maxBytes: number): Error {
  return errors.invalidParameter(
    'file',
    `The .docx entry ${name} expands beyond ${Math.round(maxBytes / 1024 / 1024)} MB: refused as a possible zip bomb.`,
  );
}
