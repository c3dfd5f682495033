import fs from 'node:fs';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client, paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { BlobStore } from './blob-store.js';

/** Where an `s3://bucket/prefix` store lives and how to reach it (decisions.md, Configuration). */
export interface S3Location {
  bucket: string;
  /** Key prefix inside the bucket, '' or ending with '/'. */
  prefix: string;
  endpoint: string | null;
  region: string;
  forcePathStyle: boolean;
}

/** S3 caps DeleteObjects and ListObjectsV2 pages at 1,000 keys. */
export const S3_PAGE = 1000;
/** Files above one part go up as a multipart upload; parts are 8 MiB (S3's minimum is 5 MiB). */
export const MULTIPART_PART_BYTES = 8 * 1024 * 1024;

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

export function createS3Client(location: S3Location): S3Client {
  return new S3Client({
    region: location.region,
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    forcePathStyle: location.forcePathStyle,
    // Credentials: the SDK's default chain (AWS_* variables, ~/.aws files, instance roles).
    // Retries with exponential backoff on throttling, 5xx and dropped connections.
    maxAttempts: 5,
    retryMode: 'standard',
    // With the SDK's default (WHEN_SUPPORTED) a streamed PutObject is sent aws-chunked with a
    // trailing checksum, which several S3-compatible servers store inside the object.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 120_000 },
  });
}

/** BlobStore on an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, Wasabi, Garage). */
export class S3BlobStore implements BlobStore {
  constructor(private readonly client: S3Client, private readonly location: S3Location) {}

  private keyOf(key: string): string {
    return this.location.prefix + key;
  }

  /** Fails unless the bucket exists and these credentials may use it. */
  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.location.bucket }));
  }

  close(): void {
    this.client.destroy();
  }

  async put(key: string, data: Buffer | Uint8Array, contentType?: string): Promise<void> {
    await this.client.send(new PutObjectCommand({
      Bucket: this.location.bucket, Key: this.keyOf(key), Body: data, ContentLength: data.byteLength,
      ...(contentType ? { ContentType: contentType } : {}),
    }));
  }

  async putFile(key: string, filePath: string, contentType?: string): Promise<void> {
    await this.upload(key, fs.createReadStream(filePath), contentType);
  }

  /** One PutObject for bodies under a part, a multipart upload (aborted on failure) above. */
  private async upload(key: string, body: Readable, contentType?: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.location.bucket, Key: this.keyOf(key), Body: body, ...(contentType ? { ContentType: contentType } : {}) },
      partSize: MULTIPART_PART_BYTES,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async get(key: string): Promise<Buffer | null> {
    const res = await this.getObject(key);
    return res ? Buffer.from(await res.transformToByteArray()) : null;
  }

  async getStream(key: string): Promise<Readable | null> {
    const res = await this.getObject(key);
    return res ? (res as unknown as Readable) : null;
  }

  private async getObject(key: string) {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.location.bucket, Key: this.keyOf(key) }));
      return res.Body ?? null;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.location.bucket, Key: this.keyOf(key) }));
  }

  /** Lists and deletes one page of 1,000 keys at a time, so a huge prefix never sits in memory. */
  async deletePrefix(prefix: string): Promise<void> {
    for await (const keys of this.pages(prefix)) {
      if (keys.length === 0) continue;
      const res = await this.client.send(new DeleteObjectsCommand({
        Bucket: this.location.bucket,
        Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
      }));
      if (res.Errors?.length) {
        const first = res.Errors[0];
        throw new Error(`S3 could not delete ${res.Errors.length} of ${keys.length} keys under ${prefix} (${first.Code}: ${first.Key})`);
      }
    }
  }

  async list(prefix: string): Promise<string[]> {
    const out: string[] = [];
    for await (const keys of this.pages(prefix)) {
      for (const key of keys) out.push(key.slice(this.location.prefix.length));
    }
    return out.sort();
  }

  /** Full object keys under `prefix`, a page of at most 1,000 at a time. */
  private async *pages(prefix: string): AsyncGenerator<string[]> {
    const paginator = paginateListObjectsV2(
      { client: this.client, pageSize: S3_PAGE },
      { Bucket: this.location.bucket, Prefix: this.keyOf(prefix) },
    );
    for await (const page of paginator) {
      yield (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
    }
  }
}
