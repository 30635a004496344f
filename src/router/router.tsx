import { createBrowserRouter } from 'react-router';
import { clearPageToasts } from '../feedback/notify';
import { registerNavigate } from './navigation';
import { RootView } from './RootView';
import { onRouterLocation } from './useRouteGuard';

/**
 * One catch-all route: the guard and the page registry decide what renders, since the routes
 * come from the menu the server returns. A data router gives useBlocker for the back button.
 */
export const router = createBrowserRouter([{ path: '*', element: <RootView /> }]);

registerNavigate((to, options) => void router.navigate(to, options));

let lastPath = router.state.location.pathname;
router.subscribe((state) => {
  onRouterLocation(state.location, state.historyAction);
  if (state.location.pathname === lastPath) return;
  lastPath = state.location.pathname;
  clearPageToasts();
});
