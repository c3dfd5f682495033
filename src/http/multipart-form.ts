/**
 * Reads a multipart upload: text fields into a map, the one file part
 * streamed to a temp file while it is hashed and counted, so a 50 MB upload
 * never sits in memory and the idempotency fingerprint needs no second read.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError, errors } from '../errors.js';
import { cleanFilename } from '../ingest/filename.js';
import type { UploadDeps } from '../core/uploads/index.js';

interface UploadedFile {
  path: string;
  filename: string;
  size: number;
  sha256: string;
}

export interface UploadForm {
  fields: Record<string, string>;
  file: UploadedFile | null;
  /** Removes the temp file; safe to call twice. */
  cleanup(): Promise<void>;
}

function tooLarge(maxBytes: number): AppError {
  return errors.invalidParameter('file', `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, the upload limit.`);
}

export async function readUploadForm(request: FastifyRequest, maxBytes: number, scratch: UploadDeps['scratch']): Promise<UploadForm> {
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  const temps: string[] = [];
  // A removal that fails stays with `scratch` for its next try; it never replaces the upload's own error.
  const cleanup = (): Promise<void> => scratch.remove(temps.splice(0));
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'file') throw errors.invalidParameter('file', '`file` must be a file part, not a text field.');
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw errors.invalidParameter(part.fieldname, `Unexpected file part "${part.fieldname}": send the document as \`file\`.`);
      }
      if (file) throw errors.invalidParameter('file', 'Send exactly one file per upload.');
      await mkdir(scratch.dir, { recursive: true });
      const path = join(scratch.dir, `upload-${randomBytes(8).toString('hex')}`);
      temps.push(path);
      const hash = createHash('sha256');
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > maxBytes) return done(tooLarge(maxBytes));
          hash.update(chunk);
          done(null, chunk);
        },
      });
      await pipeline(part.file, meter, createWriteStream(path));
      file = { path, filename: cleanFilename(part.filename, 'upload'), size, sha256: hash.digest('hex') };
    }
  } catch (err) {
    await cleanup();
    if (err instanceof AppError) throw err;
    const { code, syscall } = err as { code?: string; syscall?: string };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    // Fastify's own codes map in error-handler.ts; disk errors stay internal. What is left comes
    // from the multipart parser reading the client's bytes ("Unexpected end of form", bad headers).
    if (code?.startsWith('FST_') || syscall !== undefined) throw err;
    throw errors.invalidParameter('body', `The multipart body is malformed: ${(err as Error).message}.`);
  }
  return { fields, file, cleanup };
}
