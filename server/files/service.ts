import path from 'node:path';
import type { AppServices } from '../context.ts';
import { FileStore } from './storage.ts';
import { loadSigningSecret } from './signedUrl.ts';

/** The file store and link-signing secret of one server, shared by the file routes and the print render. */
export interface FileService {
  store: FileStore;
  secret: () => Promise<Buffer>;
}

const services = new WeakMap<AppServices, FileService>();

export function fileServiceOf(app: AppServices): FileService {
  let service = services.get(app);
  if (!service) {
    let secretPromise: Promise<Buffer> | undefined;
    service = {
      store: new FileStore(path.join(app.config.dataDir, 'files')),
      secret: () => (secretPromise ??= loadSigningSecret(app.db).catch((err) => {
        secretPromise = undefined;
        throw err;
      })),
    };
    services.set(app, service);
  }
  return service;
}
