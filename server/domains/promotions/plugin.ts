/** The promotions area's plugin: its routes and the document functions and hooks it registers (server/documents/registry.ts). */
import type { AreaRoutes } from '../area.ts';
import './documents.ts';

export const routes: AreaRoutes = async () => {};
