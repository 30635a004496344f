import type { AppRoute } from '../router/appRoute';

/**
 * Finding a menu by its name or by the first letters of its pinyin (cgd → 采购单): the letters come from the
 * browser's Chinese collation (Intl.Collator orders 汉字 by pinyin), against the last character of each letter's
 * run (驁 ends A, 簿 ends B…), so no pinyin dictionary ships with the app. A character with two readings gets
 * the collation's one (单 → d).
 */
const LAST_OF_LETTER = '驁簿錯鵽樲鰒餜靃攟鬠纙鞪黁漚曝裠鶸蜶籜鶩鑂韻糳';
const LETTERS = 'abcdefghjklmnopqrstwxyz';
let collator: Intl.Collator | null = null;

function initialOf(ch: string): string {
  if (/[a-z0-9]/i.test(ch)) return ch.toLowerCase();
  if (!/[\u4e00-\u9fff]/.test(ch)) return '';
  collator ??= new Intl.Collator('zh-CN');
  for (let i = 0; i < LAST_OF_LETTER.length; i++) if (collator.compare(ch, LAST_OF_LETTER[i]) <= 0) return LETTERS[i];
  return '';
}

/** 采购单 → cgd; Latin letters and digits kept (仓库SKU扩展属性 → ckskukzsx). */
export function pinyinInitials(text: string): string {
  return [...text].map(initialOf).join('');
}

export interface MenuEntry {
  path: string;
  title: string;
  /** The module's title (采购管理), shown beside the page's. */
  module: string;
  initials: string;
}

/** Every page a user can open from the menu (leaves that are not hidden), with its module's title. */
export function menuEntries(routes: readonly AppRoute[]): MenuEntry[] {
  const out: MenuEntry[] = [];
  const walk = (route: AppRoute, module: string) => {
    if (route.hidden) return;
    const shown = route.children.filter((c) => !c.hidden);
    if (shown.length === 0) {
      if (route.component || route.children.length === 0) out.push({ path: route.path, title: route.meta.title, module, initials: pinyinInitials(route.meta.title) });
      return;
    }
    for (const child of shown) walk(child, module || route.meta.title);
  };
  for (const route of routes) walk(route, '');
  return out;
}

/**
 * The entries a query finds, best first: the name starting with it, then containing it, then the initials
 * starting with it, then containing them. Empty query: none.
 */
export function findMenus(entries: readonly MenuEntry[], query: string, limit = 12): MenuEntry[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const rank = (e: MenuEntry): number => {
    const title = e.title.toLowerCase();
    if (title.startsWith(q)) return 0;
    if (title.includes(q)) return 1;
    if (e.initials.startsWith(q)) return 2;
    if (e.initials.includes(q)) return 3;
    if (e.module.toLowerCase().includes(q)) return 4;
    return -1;
  };
  return entries
    .map((e, i) => ({ e, i, r: rank(e) }))
    .filter((x) => x.r >= 0)
    .sort((a, b) => a.r - b.r || a.e.title.length - b.e.title.length || a.i - b.i)
    .slice(0, limit)
    .map((x) => x.e);
}

/** A document number as the documents make them (CG20261128-0001): letters, the day, a dash and a serial. */
export const DOCUMENT_NUMBER = /^[A-Za-z]{1,10}\d{8}-\d{3,6}$/;

export function asDocumentNumber(query: string): string | null {
  const q = query.trim().toUpperCase();
  return DOCUMENT_NUMBER.test(q) ? q : null;
}

export interface RecentPage {
  path: string;
  fullPath: string;
  title: string;
}

export const MAX_RECENT_PAGES = 8;

/** The recent pages after visiting `page`: it first, no repeats, at most MAX_RECENT_PAGES. */
export function withRecent(recent: readonly RecentPage[], page: RecentPage): RecentPage[] {
  return [page, ...recent.filter((r) => r.path !== page.path)].slice(0, MAX_RECENT_PAGES);
}
