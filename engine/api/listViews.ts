import { type Answer, type Body, api } from '../../src/api/typed';

/** Saved views of a list (server/resources/listViews.ts): a user's own and those shared with their roles. */
export type ListView = Answer<'/wxy-system-server/list-view/list', 'get'>[number];
export type ListViewBody = Body<'/wxy-system-server/list-view/add', 'post'>;
export type ListViewState = ListViewBody['state'];

export const listViewsKey = (screen: string) => ['engine', 'listViews', screen] as const;

export const fetchListViews = (screen: string) => api('get', '/wxy-system-server/list-view/list', { query: { screen } });
export const fetchShareRoles = () => api('get', '/wxy-system-server/list-view/roles');
export const addListView = (body: ListViewBody) => api('post', '/wxy-system-server/list-view/add', { body });
export const editListView = (viewId: number, body: Body<'/wxy-system-server/list-view/edit/{viewId}', 'put'>) =>
  api('put', '/wxy-system-server/list-view/edit/{viewId}', { path: { viewId }, body });
export const deleteListView = (viewId: number) => api('delete', '/wxy-system-server/list-view/delete/{viewId}', { path: { viewId } });

/** The view a list opens with: the user's own default, else a default shared with one of their roles. */
export function defaultView(views: readonly ListView[]): ListView | undefined {
  return views.find((v) => v.mine && v.isDefault) ?? views.find((v) => !v.mine && v.isDefault);
}
