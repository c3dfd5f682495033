/** Multipart bodies for app.inject and checks that a failed upload left nothing behind. */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { bearer } from '../../helpers/app.js';

export interface FilePart {
  name?: string;
  filename: string;
  content: Buffer | string;
  contentType?: string;
}

export function multipartBody(fields: Record<string, string>, file?: FilePart): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----docrows${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'file'}"; filename="${file.filename}"\r\n` +
        `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ));
    parts.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export interface UploadCall {
  fields?: Record<string, string>;
  file?: FilePart;
  headers?: Record<string, string>;
}

/** POST /api/v1/documents as `apiKey`. */
export function upload(t: TestApp, apiKey: string, call: UploadCall) {
  const body = multipartBody(call.fields ?? {}, call.file);
  return t.inject({
    method: 'POST',
    url: '/api/v1/documents',
    headers: { ...bearer(apiKey), ...body.headers, ...call.headers },
    payload: body.payload,
  });
}

/** Rows and blobs an account owns: after a failed upload they must be unchanged. */
export async function footprint(t: TestApp, accountId: number) {
  const db = t.services.db;
  const count = async (table: 'batches' | 'uploads' | 'documents'): Promise<number> =>
    (await db.selectFrom(table).select('account_id').where('account_id', '=', accountId).execute()).length;
  return {
    batches: await count('batches'),
    uploads: await count('uploads'),
    documents: await count('documents'),
    blobs: (await t.services.blobs.list(`acct/${accountId}/`)).length,
    // A failed upload also releases its blob reservation (nothing left for the sweep).
    blobSweeps: (await db.selectFrom('blob_sweeps').select('prefix').where('prefix', 'like', `acct/${accountId}/%`).execute()).length,
  };
}

export async function expectNothingStored(t: TestApp, accountId: number): Promise<void> {
  expect(await footprint(t, accountId)).toEqual({ batches: 0, uploads: 0, documents: 0, blobs: 0, blobSweeps: 0 });
}

export function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string, param?: string, message?: string | RegExp): void {
  expect(res.statusCode).toBe(status);
  const error = (res.json() as { error: Record<string, unknown> }).error;
  expect(error.code).toBe(code);
  if (param === undefined) expect(error).not.toHaveProperty('param');
  else expect(error.param).toBe(param);
  if (typeof message === 'string') expect(error.message).toBe(message);
  else if (message) expect(error.message).toMatch(message);
}
