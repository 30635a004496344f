/**
 * Navigation for code outside React (the API client, session actions). The router registers its
 * navigate function at start-up; before that a full page load is used.
 */
type NavigateFunction = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: NavigateFunction = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

export function registerNavigate(navigate: NavigateFunction): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigateImpl(to, options);
}

export function currentLocation(): { path: string; fullPath: string } {
  const { pathname, search } = window.location;
  return { path: pathname, fullPath: pathname + search };
}
