import type { Database } from '../index.ts';

/** The hourly visitors of an ordinary day, 10:00-21:00: a lunch bump and the evening peak. */
const HOURLY = [18, 26, 34, 30, 22, 20, 24, 31, 42, 48, 40, 25];

/**
 * Camera boxes of demo tenant 1: one box at each of the first three shops, at addresses of the documentation
 * network (192.0.2.x, never answers), so they show 离线 with the time they last answered; two NVR channels each,
 * a counting line over the door of channel 1; and the week before today of hourly counts (10:00-21:00, China
 * time) read from them, so the visitor and conversion reports have figures. Runs once: a tenant with any box is
 * left alone.
 */
export async function seedAiBoxDemo(db: Database, tenantId: number): Promise<void> {
  await db.tenant(tenantId, async (tx) => {
    if (tenantId !== 1) return;
    if ((await tx.query(`SELECT 1 FROM shop_ai_box LIMIT 1`)).rows.length) return;
    const shops = (await tx.query<{ shop_id: number }>(`SELECT shop_id FROM shop_base WHERE status = 1 ORDER BY shop_id LIMIT 3`)).rows;
    for (const [i, shop] of shops.entries()) {
      const box = (
        await tx.query<{ ai_box_id: number; serial_no: string }>(
          `INSERT INTO shop_ai_box (tenant_id, shop_id, box_name, serial_no, address, nvr_address, channel_count, status,
                                    last_seen_at, last_check_at, last_error, algorithm_status, firmware_version, counts_until, remark)
           VALUES (app_current_tenant(), $1, $2, $3, $4, $5, 2, 2,
                   (current_date - 1 + time '21:05') AT TIME ZONE app_business_tz(), now(), $6, '运行中', 'v2.3.1',
                   (current_date - 1 + time '21:05') AT TIME ZONE app_business_tz(), '演示设备：地址不可达，显示为离线')
           RETURNING ai_box_id, serial_no`,
          [shop.shop_id, `门口客流盒子${i + 1}号`, `AIBOX-DEMO-${String(i + 1).padStart(4, '0')}`, `192.0.2.${10 + i}:8080`, `192.0.2.${100 + i}:554`,
            `盒子 192.0.2.${10 + i}:8080 在 3000 毫秒内没有响应`],
        )
      ).rows[0];
      await tx.query(
        `INSERT INTO shop_nvr_channel (tenant_id, ai_box_id, channel_no, channel_name, lines, lines_update_time, lines_pushed_at)
         VALUES (app_current_tenant(), $1, 1, '门口', $2::jsonb, now() - interval '8 days', now() - interval '8 days'),
                (app_current_tenant(), $1, 2, '收银区', '[]'::jsonb, NULL, NULL)`,
        [box.ai_box_id, JSON.stringify([{ name: '进门线', direction: 'in', points: [{ x: 320, y: 760 }, { x: 1600, y: 760 }] }])],
      );
      // Deterministic spread: weekends busier, each shop its own size.
      await tx.query(
        `INSERT INTO shop_passengers_count (tenant_id, shop_id, ai_box_id, serial_no, channel_no, count_hour, count_date, in_count, out_count)
         SELECT app_current_tenant(), $1, $2, $3, 1, (d + make_time(10 + h, 0, 0)) AT TIME ZONE app_business_tz(), d,
                n, greatest(0, n - 2 + ((d - date '2000-01-01') * 7 + h) % 5)
           FROM generate_series(current_date - 7, current_date - 1, interval '1 day') AS g(day)
           CROSS JOIN LATERAL (SELECT g.day::date AS d) dd
           CROSS JOIN generate_series(0, 11) AS h
           CROSS JOIN LATERAL (SELECT round(($4::int[])[h + 1] * $5::numeric
                                        * CASE WHEN extract(isodow FROM d) >= 6 THEN 1.4 ELSE 1 END
                                        * (0.85 + (((d - date '2000-01-01') * 13 + h * 7 + $6::int) % 31) / 100.0))::int AS n) c
         ON CONFLICT DO NOTHING`,
        [shop.shop_id, box.ai_box_id, box.serial_no, HOURLY, [1, 0.7, 1.25][i], i * 11],
      );
    }
  });
}
