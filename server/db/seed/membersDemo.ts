import type { Database } from '../index.ts';

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '胡', '朱', '高', '林', '何', '郭', '马', '罗'];
const GIVEN = ['芳', '伟', '娜', '敏', '静', '磊', '洋', '艳', '勇', '军', '杰', '娟', '涛', '明', '超', '秀英', '霞', '平', '刚', '桂英'];

/**
 * Thirty members of the first shop (phones 1380000xxxx, levels and birthdays spread), and one practice member for
 * 练习收银. Points come only from sales (the demo orders name some of them), never from the seed.
 */
export async function seedMembersDemo(db: Database, tenantId: number): Promise<void> {
  await db.tenant(tenantId, (tx) =>
    tx.query(
      `INSERT INTO mb_base_info (tenant_id, phone_number, member_name, sex, birthday, member_level, shop_id, is_practice, create_user_name, remark)
       SELECT $1, '1380000' || lpad(i::text, 4, '0'), s.surname || g.given, 1 + i % 2, date '1970-01-01' + (i * 577 % 15000), 1 + (i % 7 = 0)::int + (i % 11 = 0)::int,
              (SELECT min(shop_id) FROM shop_base), i = 0, '系统', CASE WHEN i = 0 THEN '练习收银用' END
         FROM generate_series(0, 30) AS i
         CROSS JOIN LATERAL (SELECT ($2::text[])[1 + i % 20] AS surname) s
         CROSS JOIN LATERAL (SELECT ($3::text[])[1 + (i * 7) % 20] AS given) g
       ON CONFLICT (tenant_id, phone_number, is_practice) DO NOTHING`,
      [tenantId, SURNAMES, GIVEN],
    ),
  );
}
