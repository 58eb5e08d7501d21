// The /v1 route table: the contract's own routes, then every feature's, found
// by file layout (each feature's route.ts exports `routes`), so adding a
// feature adds no line here.
import type { ApiRoute } from '../api/context';
import { creditsRoute } from '../api/credits-route';

const featureRoutes = import.meta.glob<readonly ApiRoute[]>('../features/*/route.ts', { eager: true, import: 'routes' });

export const apiRoutes: readonly ApiRoute[] = [creditsRoute, ...Object.values(featureRoutes).flat()];
