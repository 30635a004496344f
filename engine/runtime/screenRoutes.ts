/**
 * Menu paths that have a screen descriptor. Only each file's `route` string is bundled here (the
 * router needs it before any screen loads); the descriptors themselves load with the engine chunk.
 */
const routes = import.meta.glob<string>('../../schemas/screens/*.json', { eager: true, import: 'route' });

export const SCREEN_ROUTES: ReadonlySet<string> = new Set(Object.values(routes));
