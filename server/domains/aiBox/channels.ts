import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import type { StoredFile } from '../../files/fileInfo.ts';
import { checkLines, scaleLines, type CountingLine } from './lines.ts';

/**
 * A camera box's NVR channels (shop_nvr_channel) and what routes.ts writes of the box itself: the channels pushed to
 * the box, the lines drawn on a channel's image, and the snapshot that image is (a file_object row). The SQL behind
 * routes.ts's handlers; the box is never called from here (service.ts's rule: no box call inside a transaction).
 */

export interface ChannelRow {
  channelId: number;
  aiBoxId: number;
  channelNo: number;
  channelName: string | null;
  imageWidth: number;
  imageHeight: number;
  lines: CountingLine[];
  linesPushedAt: string | null;
}

/** The box's algorithm status as the list shows it (运行中, not the box's word for it). */
export async function setAlgorithmStatus(tx: Queryable, aiBoxId: number, statusName: string): Promise<void> {
  await tx.query(`UPDATE shop_ai_box SET algorithm_status = $2 WHERE ai_box_id = $1`, [aiBoxId, statusName]);
}

export async function listChannels(tx: Queryable, aiBoxId: number): Promise<ChannelRow[]> {
  return (
    await tx.query<ChannelRow>(
      `SELECT channel_id AS "channelId", ai_box_id AS "aiBoxId", channel_no AS "channelNo", channel_name AS "channelName",
              image_width AS "imageWidth", image_height AS "imageHeight", lines, lines_pushed_at AS "linesPushedAt"
         FROM shop_nvr_channel WHERE ai_box_id = $1 ORDER BY channel_no`,
      [aiBoxId],
    )
  ).rows;
}

/** The box's channels become these (others removed, names updated) with its NVR address; answers the channels. */
export async function saveNvrConfig(
  tx: Queryable,
  aiBoxId: number,
  nvrAddress: string | null,
  channels: { channelNo: number; channelName: string }[],
): Promise<ChannelRow[]> {
  const nos = channels.map((c) => c.channelNo);
  await tx.query(`DELETE FROM shop_nvr_channel WHERE ai_box_id = $1 AND NOT (channel_no = ANY($2::int[]))`, [aiBoxId, nos]);
  await tx.query(
    `INSERT INTO shop_nvr_channel (tenant_id, ai_box_id, channel_no, channel_name)
     SELECT app_current_tenant(), $1, c.no, c.name FROM unnest($2::int[], $3::text[]) AS c(no, name)
     ON CONFLICT (tenant_id, ai_box_id, channel_no) DO UPDATE SET channel_name = EXCLUDED.channel_name`,
    [aiBoxId, nos, channels.map((c) => c.channelName)],
  );
  await tx.query(`UPDATE shop_ai_box SET nvr_address = $2, channel_count = $3 WHERE ai_box_id = $1`, [aiBoxId, nvrAddress, nos.length]);
  return listChannels(tx, aiBoxId);
}

export async function markLinesPushed(tx: Queryable, aiBoxId: number, channelIds: number[]): Promise<void> {
  await tx.query(`UPDATE shop_nvr_channel SET lines_pushed_at = now() WHERE ai_box_id = $1 AND channel_id = ANY($2::int[])`, [aiBoxId, channelIds]);
}

/** A channel's drawn lines, checked against its image and saved (to be pushed again); answers the lines kept. */
export async function saveLineation(tx: Queryable, channelId: number, lines: unknown[]): Promise<CountingLine[]> {
  const ch = (await tx.query<{ image_width: number; image_height: number }>(`SELECT image_width, image_height FROM shop_nvr_channel WHERE channel_id = $1 FOR UPDATE`, [channelId])).rows[0];
  if (!ch) throw new ApiError('NOT_FOUND', '通道不存在');
  const check = checkLines(lines, ch.image_width, ch.image_height);
  if (!check.ok) throw new ApiError('BAD_REQUEST', check.msg);
  await tx.query(`UPDATE shop_nvr_channel SET lines = $2::jsonb, lines_update_time = now(), lines_pushed_at = NULL WHERE channel_id = $1`, [channelId, JSON.stringify(check.lines)]);
  return check.lines;
}

/** The box's channels to snapshot: one (channelNo) or all. */
export async function channelNumbers(tx: Queryable, aiBoxId: number, channelNo: number | null) {
  return (
    await tx.query<{ channel_id: number; channel_no: number }>(
      `SELECT channel_id, channel_no FROM shop_nvr_channel WHERE ai_box_id = $1 AND ($2::int IS NULL OR channel_no = $2) ORDER BY channel_no`,
      [aiBoxId, channelNo],
    )
  ).rows;
}

/** A stored snapshot's file and image, for snapshotTaken. */
export interface Snapshot {
  bucket: string;
  objectKey: string;
  fileName: string;
  fileType: string;
  contentType: string;
  size: number;
  sha256: string;
  extra: Record<string, string>;
  createdBy: number;
  width: number;
  height: number;
}

/**
 * A channel's new snapshot: its file row, and the channel's image becomes it. Lines drawn on the old image move with it
 * when the new one has another size. Answers the file row.
 */
export async function snapshotTaken(tx: Queryable, channelId: number, shot: Snapshot): Promise<StoredFile> {
  const f = (
    await tx.query<StoredFile>(
      `INSERT INTO file_object(tenant_id, bucket, object_key, file_name, file_type, content_type, file_size, sha256, extra, created_by)
       VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6, $7, $8, $9)
       RETURNING bucket, object_key, file_name, file_type, content_type, file_size::float8 AS file_size, sha256, extra, created_at`,
      [shot.bucket, shot.objectKey, shot.fileName, shot.fileType, shot.contentType, shot.size, shot.sha256, JSON.stringify(shot.extra), shot.createdBy],
    )
  ).rows[0];
  const ch = (await tx.query<{ image_width: number; image_height: number; lines: CountingLine[] }>(`SELECT image_width, image_height, lines FROM shop_nvr_channel WHERE channel_id = $1 FOR UPDATE`, [channelId])).rows[0];
  if (!ch) throw new ApiError('NOT_FOUND', '通道不存在');
  const lines = scaleLines(ch.lines, { width: ch.image_width, height: ch.image_height }, { width: shot.width, height: shot.height });
  await tx.query(
    `UPDATE shop_nvr_channel SET snapshot_bucket = $2, snapshot_key = $3, snapshot_time = now(), image_width = $4, image_height = $5, lines = $6::jsonb WHERE channel_id = $1`,
    [channelId, shot.bucket, shot.objectKey, shot.width, shot.height, JSON.stringify(lines)],
  );
  return f;
}

/** A channel with its drawn lines and its last snapshot's file (has_file false when it has none). */
export type ChannelLineation = StoredFile & {
  channel_id: number;
  ai_box_id: number;
  channel_no: number;
  channel_name: string | null;
  image_width: number;
  image_height: number;
  lines: CountingLine[];
  has_file: boolean;
};

export async function channelLineation(tx: Queryable, channelId: number): Promise<ChannelLineation | undefined> {
  return (
    await tx.query<ChannelLineation>(
      `SELECT c.channel_id, c.ai_box_id, c.channel_no, c.channel_name, c.image_width, c.image_height, c.lines,
              f.bucket, f.object_key, f.file_name, f.file_type, f.content_type, f.file_size::float8 AS file_size, f.sha256, f.extra, f.created_at, f.object_key IS NOT NULL AS has_file
         FROM shop_nvr_channel c LEFT JOIN file_object f ON f.bucket = c.snapshot_bucket AND f.object_key = c.snapshot_key
        WHERE c.channel_id = $1`,
      [channelId],
    )
  ).rows[0];
}
