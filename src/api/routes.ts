// The /v1 route table. A feature adds its routes here and nowhere else.
import type { ApiRoute } from './context';
import { creditsRoute } from './credits-route';
import { generateBackgroundRoute } from '../features/generate-background/route';
import { removeBackgroundRoute } from '../features/remove-background/route';
import { tryOnCancelRoute, tryOnJobRoute, tryOnRoute } from '../features/try-on/route';
import { videoJobRoutes, videoRoute } from '../features/video/route';

export const apiRoutes: readonly ApiRoute[] = [
  removeBackgroundRoute,
  generateBackgroundRoute,
  videoRoute,
  ...videoJobRoutes,
  tryOnRoute,
  tryOnJobRoute,
  tryOnCancelRoute,
  creditsRoute,
];
