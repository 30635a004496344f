/** A route of the shell, built from a server menu node or declared statically. */
export interface AppRouteMeta {
  /** Title shown in the sidebar, breadcrumb and tab (server text). */
  title: string;
  /** i18n key used instead of title for the shell's own static routes. */
  titleKey?: string;
  icon?: string;
  keepAlive: boolean;
  thirdLevel: boolean;
  /** Top-level module the route belongs to (its first path segment unless the menu says otherwise). */
  module: string;
  roles?: string[];
  /** The module's index page: its tab is fixed and cannot be closed. */
  moduleIndex?: boolean;
}

export interface AppRoute {
  /** Route name = its full path (spec §3). */
  name: string;
  path: string;
  component: string | null;
  hidden: boolean;
  meta: AppRouteMeta;
  children: AppRoute[];
}
