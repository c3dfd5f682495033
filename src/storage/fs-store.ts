import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { BlobStore } from './blob-store.js';

/** BlobStore on a local directory. Writes go to a temp name and rename, so readers never see half a file. */
export class FsBlobStore implements BlobStore {
  constructor(private readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
  }

  /** Fails unless the directory exists and this process may write to it. */
  async ping(): Promise<void> {
    await fsp.access(this.root, fs.constants.W_OK);
  }

  private pathOf(key: string): string {
    const root = path.resolve(this.root);
    const full = path.resolve(root, key);
    if (full !== root && !full.startsWith(root + path.sep)) throw new Error(`Blob key escapes the store: ${key}`);
    return full;
  }

  private async tempFor(key: string): Promise<{ target: string; temp: string }> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    return { target, temp: `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp` };
  }

  async put(key: string, data: Buffer | Uint8Array): Promise<void> {
    const { target, temp } = await this.tempFor(key);
    await fsp.writeFile(temp, data);
    await fsp.rename(temp, target);
  }

  async putFile(key: string, filePath: string): Promise<void> {
    const { target, temp } = await this.tempFor(key);
    await fsp.copyFile(filePath, temp);
    await fsp.rename(temp, target);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fsp.readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async getStream(key: string): Promise<Readable | null> {
    const file = this.pathOf(key);
    try {
      await fsp.access(file);
    } catch {
      return null;
    }
    return fs.createReadStream(file);
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await fsp.rm(this.pathOf(prefix.replace(/\/+$/, '')), { recursive: true, force: true });
  }

  async list(prefix: string): Promise<string[]> {
    const base = this.pathOf(prefix.replace(/\/+$/, '') || '.');
    const out: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) await walk(full);
        else if (!e.name.endsWith('.tmp')) out.push(path.relative(this.root, full).split(path.sep).join('/'));
      }
    };
    await walk(base);
    return out.sort();
  }
}
