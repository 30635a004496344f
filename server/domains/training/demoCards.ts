import type { FileStore } from '../../files/storage.ts';
import { CARD_COLOURS, tinyMp4 } from './tinyMp4.ts';

/**
 * The demo courses' videos are generated, not downloaded: the seed stores their file rows and a recipe (colour and
 * seconds) on the material; the bytes are written the first time someone opens one on a machine that lacks them.
 */
export async function ensureDemoCard(store: FileStore, tenantId: number, bucket: string, objectKey: string, colour: string | null, seconds: number): Promise<void> {
  if (!colour || !(colour in CARD_COLOURS)) return;
  const file = store.objectLocation(tenantId, bucket, objectKey);
  if ((await store.size(file)) !== undefined) return;
  await store.write(file, tinyMp4({ seconds, colour: colour as keyof typeof CARD_COLOURS }));
}
