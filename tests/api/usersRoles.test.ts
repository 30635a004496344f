import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../server/context.ts';
import { bpmnXml } from '../../server/domains/process/bpmnXml.ts';
import { deployDefinition, startProcess } from '../../server/domains/process/index.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/**
 * 用户管理, 角色管理, 部门管理 (wxy-system-server user, role, sys-department): what an administrator relies on —
 * a new colleague can log in with the roles, department and shops given; a role's menus and field permissions are
 * what the server checks at the next call; a reset password logs the old sessions out; the organisation tree
 * refuses loops and deleting what is still used; "${deptHead}" approval steps go to the applicant's head.
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;

const SYS = 'wxy-system-server';
const uniq = () => Math.random().toString(36).slice(2, 8);

interface MenuNode {
  id: number;
  perms: string | null;
  name: string;
  children: MenuNode[];
}
const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

async function menuIdOf(perm: string): Promise<number> {
  const tree = (await admin('GET', `${SYS}/role/menu-tree`)).json.data as MenuNode[];
  const node = flat(tree).find((n) => n.perms === perm);
  if (!node) throw new Error(`no menu button ${perm}`);
  return node.id;
}

async function authOf(userName: string): Promise<AuthContext> {
  const u = (
    await s.db.tenant(1, (tx) =>
      tx.query<{ id: number; name: string; roles: string[] }>(
        `SELECT u.id, u.name, array(SELECT r.code FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = u.id) AS roles FROM sys_user u WHERE user_name = $1`,
        [userName],
      ),
    )
  ).rows[0];
  return { tenantId: 1, userId: u.id, userName, displayName: u.name, shopId: null, tokenHash: '', roles: u.roles, isAdmin: u.roles.includes('admin'), shops: null, fieldPerms: [] };
}

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
});
afterAll(async () => {
  await s?.stop();
});

describe('roles', () => {
  it('a new role grants exactly its pages, buttons and field permissions, and a change applies at the next call', async () => {
    const shopList = await menuIdOf('shop:base:list');
    const code = `viewer_${uniq()}`;
    const add = await admin('POST', `${SYS}/role/add`, { name: '门店查看员', code, remark: '只看门店', menuIds: [shopList], fieldPermissionNames: ['零售价'] });
    expect(add.status, add.body).toBe(200);
    const roleId = add.json.data.roleId as number;
    const info = (await admin('GET', `${SYS}/role/info/${roleId}`)).json.data;
    // The page and module above the button come with it (a button without its page would be unreachable).
    expect(info.menuIds.length).toBeGreaterThan(1);
    expect(info.menuIds).toContain(shopList);
    expect(info.fieldPermissionNames).toEqual(['零售价']);

    const userName = `u_${uniq()}`;
    const created = await admin('POST', `${SYS}/user/add`, { userNo: `N${uniq()}`, userName, name: '新同事', password: 'abc123', roleIds: [roleId] });
    expect(created.status, created.body).toBe(200);
    const colleague = callerFor(s, await s.login(userName, 'abc123'));
    expect((await colleague('POST', 'wxy-shop-server/shop-base/page/1/10', {})).status).toBe(200);
    expect((await colleague('GET', 'wxy-warehouse-server/wh-base-info/pulldown/distribution')).status).toBe(403);
    const me = (await colleague('GET', `${SYS}/user/permissions`)).json.data;
    expect(me.fieldPermissionNames).toEqual(['零售价']);

    // Taking the page away refuses the very next call.
    const edit = await admin('PUT', `${SYS}/role/edit/${roleId}`, { name: '门店查看员', code, menuIds: [], fieldPermissionNames: [] });
    expect(edit.status, edit.body).toBe(200);
    expect((await colleague('POST', 'wxy-shop-server/shop-base/page/1/10', {})).status).toBe(403);

    // A role still held is not deleted; once nobody holds it, it is.
    const held = await admin('DELETE', `${SYS}/role/delete/${roleId}`);
    expect(held.status).toBe(409);
    expect(held.json.msg).toContain('1 名用户');
    const userId = created.json.data.id as number;
    const shopStaffRole = (await admin('GET', `${SYS}/role/list`)).json.data.find((r: Json) => r.code === 'shop_staff').roleId;
    expect((await admin('PUT', `${SYS}/user/edit/${userId}`, { name: '新同事', status: 1, roleIds: [shopStaffRole] })).status).toBe(200);
    expect((await admin('DELETE', `${SYS}/role/delete/${roleId}`)).status).toBe(200);
  });

  it('refuses bad input by name, a duplicate code, and any change of the admin role; shop staff cannot manage roles; tenants are apart', async () => {
    const bad = await admin('POST', `${SYS}/role/add`, { name: '坏', code: '1abc', menuIds: [], fieldPermissionNames: [] });
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toContain('角色编码');
    const badField = await admin('POST', `${SYS}/role/add`, { name: '坏', code: 'bad_field', menuIds: [], fieldPermissionNames: ['工资'] });
    expect(badField.status).toBe(400);
    expect(badField.json.msg).toContain('字段权限');
    const unknownMenu = await admin('POST', `${SYS}/role/add`, { name: '坏', code: 'bad_menu', menuIds: [99999999], fieldPermissionNames: [] });
    expect(unknownMenu.status).toBe(400);
    expect(unknownMenu.json.msg).toContain('菜单不存在');
    const dup = await admin('POST', `${SYS}/role/add`, { name: '重复', code: 'shop_staff', menuIds: [], fieldPermissionNames: [] });
    expect(dup.status).toBe(409);
    expect(dup.json.msg).toBe('角色编码已存在');
    const roles = (await admin('GET', `${SYS}/role/list`)).json.data as Json[];
    const adminRole = roles.find((r) => r.code === 'admin')!;
    expect((await admin('PUT', `${SYS}/role/edit/${adminRole.roleId}`, { name: 'x', code: 'admin', menuIds: [], fieldPermissionNames: [] })).status).toBe(400);
    expect((await admin('DELETE', `${SYS}/role/delete/${adminRole.roleId}`)).status).toBe(400);
    expect((await shop('GET', `${SYS}/role/list`)).status).toBe(403);
    expect((await other('GET', `${SYS}/role/info/${adminRole.roleId}`)).status).toBe(404);
    // Nothing of the refused calls was written.
    const after = (await admin('GET', `${SYS}/role/list`)).json.data as Json[];
    expect(after.map((r) => r.code).sort()).toEqual(roles.map((r) => r.code).sort());
  });
});

describe('users', () => {
  it('adds a user with department and shops, refuses duplicates and bad input by name, and keeps one admin', async () => {
    const tree = (await admin('GET', `${SYS}/sys-department/tree`)).json.data as Json[];
    const finance = tree[0].children.find((d: Json) => d.deptName === '财务部');
    const firstShop = (await s.db.tenant(1, (tx) => tx.query<{ shop_id: number; shop_name: string }>(`SELECT shop_id, shop_name FROM shop_base ORDER BY shop_id LIMIT 1`))).rows[0];
    const userName = `cashier_${uniq()}`;
    const r = await admin('POST', `${SYS}/user/add`, { userNo: `C${uniq()}`, userName, name: '收银员甲', phone: '13912345678', password: 'secret1', roleIds: [], deptId: finance.deptId, shopIds: [firstShop.shop_id] });
    expect(r.status, r.body).toBe(200);
    const row = (await admin('GET', `${SYS}/user/info/${r.json.data.id}`)).json.data;
    expect(row).toMatchObject({ userName, deptName: '财务部', shopNames: [firstShop.shop_name], phone: '13912345678' });
    // null takes the department away; shops and roles not sent stay as they were.
    expect((await admin('PUT', `${SYS}/user/edit/${r.json.data.id}`, { name: '收银员甲', phone: '13912345678', status: 1, deptId: null })).status).toBe(200);
    expect((await admin('GET', `${SYS}/user/info/${r.json.data.id}`)).json.data).toMatchObject({ deptId: null, deptName: null, shopNames: [firstShop.shop_name] });

    const again = await admin('POST', `${SYS}/user/add`, { userNo: `C${uniq()}`, userName, name: '重名', password: 'secret1', roleIds: [] });
    expect(again.status).toBe(409);
    expect(again.json.msg).toBe('登录账号已存在');
    const phoneTaken = await admin('POST', `${SYS}/user/add`, { userNo: `C${uniq()}`, userName: `p_${uniq()}`, name: '同号', phone: '13912345678', password: 'secret1', roleIds: [] });
    expect(phoneTaken.json.msg).toBe('手机号码已被其他用户使用');
    const shortPwd = await admin('POST', `${SYS}/user/add`, { userNo: `C${uniq()}`, userName: `p_${uniq()}`, name: '短', password: '123', roleIds: [] });
    expect(shortPwd.status).toBe(400);
    expect(shortPwd.json.msg).toContain('初始密码');
    const badName = await admin('POST', `${SYS}/user/add`, { userNo: `C${uniq()}`, userName: '中文账号', name: '坏', password: 'secret1', roleIds: [] });
    expect(badName.json.msg).toContain('登录账号');
    const noShop = await admin('POST', `${SYS}/user/add`, { userNo: `C${uniq()}`, userName: `p_${uniq()}`, name: '坏', password: 'secret1', roleIds: [], shopIds: [99999999] });
    expect(noShop.json.msg).toBe('所属门店不存在');
    expect((await s.db.tenant(1, (tx) => tx.query(`SELECT 1 FROM sys_user WHERE name = '坏'`))).rows).toHaveLength(0);
    expect((await shop('POST', `${SYS}/user/add`, { userNo: 'X1', userName: 'x_user', name: 'x', password: 'secret1', roleIds: [] })).status).toBe(403);

    // The only admin cannot take the admin role from themselves.
    const me = (await admin('GET', `${SYS}/user/permissions`)).json.data;
    const lose = await admin('PUT', `${SYS}/user/edit/${me.id}`, { name: me.name ?? '系统管理员', status: 1, roleIds: [] });
    expect(lose.status).toBe(400);
    expect(lose.json.msg).toBe('至少要保留一名启用的管理员');
    expect((await admin('GET', `${SYS}/role/list`)).status).toBe(200);
  });

  it('a reset password logs the user out everywhere and the new one works', async () => {
    const userName = `reset_${uniq()}`;
    const id = (await admin('POST', `${SYS}/user/add`, { userNo: `R${uniq()}`, userName, name: '待重置', password: 'first1', roleIds: [] })).json.data.id;
    const before = callerFor(s, await s.login(userName, 'first1'));
    expect((await before('GET', `${SYS}/user/permissions`)).status).toBe(200);
    const reset = await admin('PUT', `${SYS}/user/reset-password/${id}`, { password: 'second2' });
    expect(reset.status, reset.body).toBe(200);
    expect((await before('GET', `${SYS}/user/permissions`)).status).toBe(401);
    await expect(s.login(userName, 'first1')).rejects.toThrow();
    expect((await callerFor(s, await s.login(userName, 'second2'))('GET', `${SYS}/user/permissions`)).status).toBe(200);
  });

  it("editLimit sets one user's search time limit per subject; null goes back to the tenant's", async () => {
    const shopUser = (await s.db.tenant(1, (tx) => tx.query<{ id: number }>(`SELECT id FROM sys_user WHERE user_name = 'shop01'`))).rows[0].id;
    const tenantLimit = (await s.db.tenant(1, (tx) => tx.query<{ time_limit: number }>(`SELECT time_limit FROM sys_search_time_limit WHERE subject_id = 3`))).rows[0].time_limit;
    expect((await admin('PUT', `${SYS}/user/editLimit/${shopUser}`, { limits: [{ subjectId: 3, timeLimit: 1 }] })).status).toBe(200);
    const limitOf = async () => ((await shop('GET', `${SYS}/user/permissions`)).json.data.searchTimeLimitList as Json[]).find((l) => l.subjectId === 3)!;
    expect(await limitOf()).toMatchObject({ timeLimit: 1, own: true });
    expect((await admin('PUT', `${SYS}/user/editLimit/${shopUser}`, { limits: [{ subjectId: 3, timeLimit: null }] })).status).toBe(200);
    expect(await limitOf()).toMatchObject({ timeLimit: tenantLimit, own: false });
    const bad = await admin('PUT', `${SYS}/user/editLimit/${shopUser}`, { limits: [{ subjectId: 9, timeLimit: 1 }] });
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toContain('查询科目');
  });
});

describe('departments', () => {
  it('holds the demo organisation and answers the chain above shops', async () => {
    const tree = (await admin('GET', `${SYS}/sys-department/tree`)).json.data as Json[];
    expect(tree.map((d) => d.deptName)).toEqual(['总部']);
    expect(tree[0].children.map((d: Json) => d.deptName)).toEqual(['财务部', '信息部', '运营中心']);
    const shopIds = (await s.db.tenant(1, (tx) => tx.query<{ shop_id: number }>(`SELECT shop_id FROM shop_base ORDER BY shop_id LIMIT 2`))).rows.map((r) => r.shop_id);
    // shop01 asks about its own shop only; another shop is refused by name.
    expect((await shop('POST', `${SYS}/sys-department/batch-parent/tree/shop`, { shopIds })).json.msg).toMatch(/^无权查看门店「.+」的数据$/);
    expect((await shop('POST', `${SYS}/sys-department/batch-parent/tree/shop`, { shopIds: [shopIds[0]] })).status).toBe(200);
    const chain = (await admin('POST', `${SYS}/sys-department/batch-parent/tree/shop`, { shopIds })).json.data as Json[];
    expect(chain).toHaveLength(1);
    expect(chain[0].deptName).toBe('总部');
    expect(chain[0].children.map((d: Json) => d.deptName)).toEqual(['运营中心']);
    expect(chain[0].children[0].children.map((d: Json) => d.shopId).sort()).toEqual(shopIds.sort());
    expect((await other('GET', `${SYS}/sys-department/tree`)).json.data.map((d: Json) => d.deptName)).toEqual(['总部']);
    expect((await other('POST', `${SYS}/sys-department/batch-parent/tree/shop`, { shopIds })).json.data).toEqual([]);
  });

  it('refuses a sibling with the same name, a loop, and deleting a department still used', async () => {
    const tree = (await admin('GET', `${SYS}/sys-department/tree`)).json.data as Json[];
    const head = tree[0];
    const it = head.children.find((d: Json) => d.deptName === '信息部');
    expect((await admin('POST', `${SYS}/sys-department/add`, { deptName: '信息部', parentId: head.deptId })).json.msg).toBe('同一上级部门下已有同名部门');
    const sub = await admin('POST', `${SYS}/sys-department/add`, { deptName: '开发组', parentId: it.deptId });
    expect(sub.status, sub.body).toBe(200);
    const loop = await admin('PUT', `${SYS}/sys-department/edit/${it.deptId}`, { deptName: '信息部', parentId: sub.json.data.deptId });
    expect(loop.status).toBe(400);
    expect(loop.json.msg).toBe('上级部门不能是本部门或其下级部门');
    expect((await admin('DELETE', `${SYS}/sys-department/delete/${it.deptId}`)).json.msg).toContain('1 个下级部门');
    expect((await admin('DELETE', `${SYS}/sys-department/delete/${head.deptId}`)).status).toBe(409);
    expect((await admin('DELETE', `${SYS}/sys-department/delete/${sub.json.data.deptId}`)).status).toBe(200);
    expect((await admin('POST', `${SYS}/sys-department/add`, { deptName: '<script>', parentId: head.deptId })).json.msg).toContain('部门名称');
    expect((await shop('POST', `${SYS}/sys-department/add`, { deptName: '非法' })).status).toBe(403);
  });

  it('a "${deptHead}" step goes to the head of the applicant\'s department, or the nearest head above', async () => {
    const adminAuth = await authOf('admin');
    const xml = bpmnXml(
      'deptHeadTest',
      '部门负责人审批',
      [
        { type: 'startEvent', id: 'start' },
        { type: 'userTask', id: 'head', name: '部门负责人审批', attrs: { 'flowable:assignee': '${deptHead}' } },
        { type: 'endEvent', id: 'end' },
      ],
      [
        { id: 'f1', from: 'start', to: 'head' },
        { id: 'f2', from: 'head', to: 'end' },
      ],
    );
    await s.db.tenant(1, (tx) => deployDefinition(tx, adminAuth, { bpmnXml: xml, businessType: 'demo', description: 'test' }));
    const assigneeFor = async (userName: string) => {
      // Read before the transaction: the embedded database has one connection, a nested transaction would wait forever.
      const applicant = await authOf(userName);
      const started = await s.db.tenant(1, (tx) =>
        startProcess(tx, applicant, { processKey: 'deptHeadTest', businessType: 'demo', businessId: `D-${uniq()}`, title: '测试', variables: {} }),
      );
      return (await s.db.tenant(1, (tx) => tx.query<{ assignee_name: string }>(`SELECT assignee_name FROM wf_task WHERE instance_id = $1`, [started.processInstanceId]))).rows[0].assignee_name;
    };
    const managerName = (await s.db.tenant(1, (tx) => tx.query<{ name: string }>(`SELECT name FROM sys_user WHERE user_name = 'manager01'`))).rows[0].name;
    const adminName = (await s.db.tenant(1, (tx) => tx.query<{ name: string }>(`SELECT name FROM sys_user WHERE user_name = 'admin'`))).rows[0].name;
    expect(await assigneeFor('shop01')).toBe(managerName);
    // The head applying: the shop's department has no other head, 运营中心 none, so 总部's head.
    expect(await assigneeFor('manager01')).toBe(adminName);
  });
});
