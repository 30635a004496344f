import { useEffect } from 'react';
import { setViewTitle } from './tabActions';
import { useView } from './ViewContext';

/**
 * The page's own title on its tab and at the end of the breadcrumb, while the menu's name does not fit it
 * (one menu page both creates and shows a record: 新增采购单 beside 采购单编辑). undefined: the menu's name.
 */
export function useViewTitle(title: string | undefined): void {
  const { path } = useView();
  useEffect(() => {
    if (path) setViewTitle(path, title);
  }, [path, title]);
}
