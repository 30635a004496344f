/** The reports area's plugin: its routes and the document functions and hooks it registers (server/documents/registry.ts). */
import type { AreaRoutes } from '../area.ts';
import './contributionRoutes.ts';
import './starRating.ts';
import './accessReport.ts';

export const routes: AreaRoutes = async () => {};
