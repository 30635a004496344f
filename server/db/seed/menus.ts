/**
 * One menu node as schemas/menus/*.json declare it (schemas/meta/menus.schema.json): the shell's tree is
 * schemas/menus/00-shell.json, each module adds its own file. Seeding upserts by `key`, so changing a
 * file updates every tenant at the next start.
 * menuType 1 = module or page, 2 = button permission (never shown as a menu; `perms` is the string).
 */
export interface MenuSeed {
  key: string;
  parent?: string;
  path?: string;
  component?: string;
  name: string;
  menuType?: 1 | 2;
  hidden?: boolean;
  icon?: string;
  perms?: string;
  sort: number;
  meta?: Record<string, unknown>;
  /** Roles besides admin that are granted this node. */
  roles?: string[];
}
