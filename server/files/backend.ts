import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ApiError } from '../errors.ts';

/**
 * Where stored files live, by name (`<tenant>/<bucket>/<objectKey>`, `<tenant>/.uploads/<key>/<part>`): the local
 * folder (shared storage when several servers run) or an S3-compatible bucket. The names come validated from FileStore.
 */
export interface ObjectBackend {
  /** Moves a local temporary file in under `name`; the temporary file is gone afterwards. */
  put(name: string, tmp: string): Promise<void>;
  write(name: string, data: Buffer): Promise<void>;
  /** Size in bytes, or undefined when there is no such object. */
  size(name: string): Promise<number | undefined>;
  /** The bytes from `start` to `end` inclusive, or all of them. */
  read(name: string, range?: { start: number; end: number }): Promise<Readable>;
  readAll(name: string): Promise<Buffer | undefined>;
  remove(name: string): Promise<void>;
  /** Removes every object whose name starts with `prefix` (which ends with '/'). */
  removePrefix(prefix: string): Promise<void>;
}

/** Files in a folder: `<root>/<name>`; a commit is a rename (atomic on one file system). */
export class LocalBackend implements ObjectBackend {
  constructor(readonly root: string) {}

  /** The path of a name, checked to stay inside the root. */
  pathOf(name: string): string {
    const full = path.resolve(this.root, name);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new ApiError('BAD_REQUEST', '文件路径不合法');
    return full;
  }

  async put(name: string, tmp: string): Promise<void> {
    const dest = this.pathOf(name);
    await mkdir(path.dirname(dest), { recursive: true });
    await rename(tmp, dest);
  }

  async write(name: string, data: Buffer): Promise<void> {
    const dest = this.pathOf(name);
    await mkdir(path.dirname(dest), { recursive: true });
    await writeFile(dest, data);
  }

  async size(name: string): Promise<number | undefined> {
    const st = await stat(this.pathOf(name)).catch(() => null);
    return st?.isFile() ? st.size : undefined;
  }

  async read(name: string, range?: { start: number; end: number }): Promise<Readable> {
    return createReadStream(this.pathOf(name), range);
  }

  async readAll(name: string): Promise<Buffer | undefined> {
    return readFile(this.pathOf(name)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return undefined;
      throw err;
    });
  }

  async remove(name: string): Promise<void> {
    await unlink(this.pathOf(name)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }

  async removePrefix(prefix: string): Promise<void> {
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }
}
