import path from 'node:path';
import type { S3Settings } from '../config.ts';
import type { AppServices } from '../context.ts';
import { LocalBackend, type ObjectBackend } from './backend.ts';
import { FileStore } from './storage.ts';
import { loadSigningSecret } from './signedUrl.ts';

/** The file store and link-signing secret of one server, shared by the file routes and the print render. */
export interface FileService {
  store: FileStore;
  secret: () => Promise<Buffer>;
}

const services = new WeakMap<AppServices, FileService>();

/** The S3 backend, its SDK loaded on first use only (a server on the local folder never loads it). */
export function lazyS3Backend(settings: S3Settings): ObjectBackend {
  let loaded: Promise<ObjectBackend> | undefined;
  const backend = () => (loaded ??= import('./s3Backend.ts').then((m) => new m.S3Backend(settings)));
  return {
    put: async (name, tmp) => (await backend()).put(name, tmp),
    write: async (name, data) => (await backend()).write(name, data),
    size: async (name) => (await backend()).size(name),
    read: async (name, range) => (await backend()).read(name, range),
    readAll: async (name) => (await backend()).readAll(name),
    remove: async (name) => (await backend()).remove(name),
    removePrefix: async (prefix) => (await backend()).removePrefix(prefix),
  };
}

export function fileServiceOf(app: AppServices): FileService {
  let service = services.get(app);
  if (!service) {
    let secretPromise: Promise<Buffer> | undefined;
    const root = path.join(app.config.dataDir, 'files');
    const storage = app.config.fileStorage;
    service = {
      store: new FileStore(root, storage?.kind === 's3' ? lazyS3Backend(storage) : new LocalBackend(root)),
      secret: () => (secretPromise ??= loadSigningSecret(app.db).catch((err) => {
        secretPromise = undefined;
        throw err;
      })),
    };
    services.set(app, service);
  }
  return service;
}
