import { createContext, useContext } from 'react';

/** The view a page renders for: its own path and query, also while it is hidden in the keep-alive cache. */
export interface ViewInfo {
  path: string;
  query: Readonly<Record<string, string>>;
  active: boolean;
}

export const ViewContext = createContext<ViewInfo>({ path: '', query: {}, active: true });

export function useView(): ViewInfo {
  return useContext(ViewContext);
}
