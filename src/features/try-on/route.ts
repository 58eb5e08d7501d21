// POST /v1/try-on and its job routes: validated in full; the try-on model lands with its issue.
import { readBody } from '../../api/body';
import type { ApiRoute } from '../../api/context';
import { spendCredits } from '../../api/credits';
import { ApiError } from '../../api/errors';
import { jobRoutes } from '../../api/jobs';
import { tryOnMeta as meta } from './shared/meta';
import { parseTryOnRequest } from './shared/request';

const tryOnRoute: ApiRoute = {
  method: 'POST',
  pattern: meta.path,
  produces: meta.produces,
  auth: 'key',
  async handle(context) {
    const fields = await readBody(context.request, 'json+multipart');
    parseTryOnRequest(fields, context.deps.inputs.origin);
    return spendCredits(context, meta.cost, async () => {
      throw new ApiError('not_implemented', 'try-on is validated but its model is not built yet');
    });
  },
};

export const routes: ApiRoute[] = [tryOnRoute, ...jobRoutes([meta.jobPath], 'try-on')];
