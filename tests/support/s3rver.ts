import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../server/config.ts';

/**
 * A real S3-compatible server (s3rver, from npm) on a temporary folder and a free port, for the S3 file backend's
 * tests. `settings` are what FILE_STORAGE=s3 with S3_* would give.
 */
export async function startS3rver(bucket = 'wxy-files'): Promise<{ settings: S3Settings; stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'wxy-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      // s3rver's fixed credentials: it checks the signatures made with them.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: 'test/',
    },
    stop: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
