import type { Database } from '../index.ts';

/**
 * 部门管理 demo: 总部 with 财务部, 信息部 and 运营中心, and under 运营中心 one department per shop (the shop's own
 * department). admin heads 总部, finance01 heads 财务部, manager01 heads the first shop's department, where shop01
 * and manager01 work (their 所属门店); manager01's phone is 13900000002 (the h5 login). Seeded once: a tenant that already has departments keeps its own.
 */
export async function seedOrgDemo(db: Database, tenantId: number): Promise<void> {
  await db.tenant(tenantId, async (tx) => {
    // 手艺人绑定: shop01's 美团 and 抖音 craftsman accounts at the first shop.
    await tx.query(
      `INSERT INTO sys_craftsmen_bind (tenant_id, user_id, shop_id, platform_type, craftsman_no, craftsman_name)
       SELECT $1, u.id, s.shop_id, p.t, p.no, u.name FROM sys_user u, (SELECT min(shop_id) AS shop_id FROM shop_base) s,
              (VALUES (1, 'MT-DEMO-0001'), (4, 'DY-DEMO-0001')) AS p(t, no)
        WHERE u.user_name = 'shop01' AND s.shop_id IS NOT NULL
       ON CONFLICT DO NOTHING`,
      [tenantId],
    );
    if ((await tx.query(`SELECT 1 FROM sys_department LIMIT 1`)).rows.length) return;
    // manager01 approves on the phone pages (/h5/h5Login takes a phone number and an SMS code).
    await tx.query(`UPDATE sys_user SET phone = '13900000002' WHERE user_name = 'manager01' AND phone IS NULL AND NOT EXISTS (SELECT 1 FROM sys_user WHERE phone = '13900000002')`);
    const users = new Map(
      (await tx.query<{ id: number; user_name: string }>(`SELECT id, user_name FROM sys_user WHERE user_name IN ('admin', 'finance01', 'manager01', 'shop01')`)).rows.map((u) => [u.user_name, u.id]),
    );
    const dept = async (name: string, parentId: number | null, sort: number, leader?: number, shopId?: number) =>
      (
        await tx.query<{ dept_id: number }>(
          `INSERT INTO sys_department (tenant_id, parent_id, dept_name, leader_user_id, shop_id, sort) VALUES ($1, $2, $3, $4, $5, $6) RETURNING dept_id`,
          [tenantId, parentId, name, leader ?? null, shopId ?? null, sort],
        )
      ).rows[0].dept_id;
    const head = await dept('总部', null, 1, users.get('admin'));
    const finance = await dept('财务部', head, 1, users.get('finance01'));
    await dept('信息部', head, 2);
    const ops = await dept('运营中心', head, 3);
    const shops = (await tx.query<{ shop_id: number; shop_name: string }>(`SELECT shop_id, shop_name FROM shop_base ORDER BY shop_id`)).rows;
    let firstShopDept: number | null = null;
    for (const [i, s] of shops.entries()) {
      const id = await dept(s.shop_name, ops, i + 1, i === 0 ? users.get('manager01') : undefined, s.shop_id);
      firstShopDept ??= id;
    }
    const setDept = (user: string, deptId: number | null) =>
      users.has(user) && deptId ? tx.query(`UPDATE sys_user SET dept_id = $2 WHERE id = $1`, [users.get(user), deptId]) : null;
    await setDept('admin', head);
    await setDept('finance01', finance);
    await setDept('manager01', firstShopDept);
    await setDept('shop01', firstShopDept);
    if (shops[0]) {
      for (const u of ['shop01', 'manager01']) {
        if (users.has(u)) await tx.query(`INSERT INTO sys_user_shop (tenant_id, user_id, shop_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [tenantId, users.get(u), shops[0].shop_id]);
      }
    }
  });
}
