import type { Queryable } from '../db/index.ts';
import type { AuthContext } from '../context.ts';

export interface MenuNode {
  id: number;
  parentId: number;
  path: string;
  component: string;
  menuName: string;
  menuType: number;
  hidden: boolean;
  type: number;
  label: string | null;
  sort: number;
  labelSort: number;
  icon: string | null;
  perms: string | null;
  meta: Record<string, unknown>;
  childList: MenuNode[];
}

interface MenuRow {
  id: number;
  parent_id: number;
  path: string;
  component: string;
  menu_name: string;
  menu_type: number;
  hidden: boolean;
  type: number;
  label: string | null;
  sort: number;
  label_sort: number;
  icon: string | null;
  perms: string | null;
  meta: Record<string, unknown>;
}

/** Nests flat rows into a tree ordered by sort; a node whose parent is not granted is dropped. */
export function buildMenuTree(rows: MenuRow[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  for (const r of rows) {
    nodes.set(r.id, {
      id: r.id,
      parentId: r.parent_id,
      path: r.path,
      component: r.component,
      menuName: r.menu_name,
      menuType: r.menu_type,
      hidden: r.hidden,
      type: r.type,
      label: r.label,
      sort: r.sort,
      labelSort: r.label_sort,
      icon: r.icon,
      perms: r.perms,
      meta: { title: r.menu_name, icon: r.icon, ...r.meta },
      childList: [],
    });
  }
  const roots: MenuNode[] = [];
  for (const n of nodes.values()) {
    if (n.parentId === 0) roots.push(n);
    else nodes.get(n.parentId)?.childList.push(n);
  }
  const order = (list: MenuNode[]) => {
    list.sort((a, b) => a.sort - b.sort || a.id - b.id);
    list.forEach((n) => order(n.childList));
  };
  order(roots);
  return roots;
}

export async function menuTreeFor(tx: Queryable, auth: AuthContext): Promise<MenuNode[]> {
  const cols = 'm.id, m.parent_id, m.path, m.component, m.menu_name, m.menu_type, m.hidden, m.type, m.label, m.sort, m.label_sort, m.icon, m.perms, m.meta';
  const rows = auth.isAdmin
    ? await tx.query<MenuRow>(`SELECT ${cols} FROM sys_menu m`)
    : await tx.query<MenuRow>(
        `SELECT DISTINCT ${cols} FROM sys_menu m
           JOIN sys_role_menu rm ON rm.menu_id = m.id
           JOIN sys_user_role ur ON ur.role_id = rm.role_id
          WHERE ur.user_id = $1`,
        [auth.userId],
      );
  return buildMenuTree(rows.rows);
}
