// POST /v1/generate-background: validated in full; generation lands with its issue.
import { readBody } from '../../api/body';
import type { ApiRoute } from '../../api/context';
import { spendCredits } from '../../api/credits';
import { ApiError } from '../../api/errors';
import { generateBackgroundMeta as meta } from './shared/meta';
import { parseGenerateBackgroundRequest } from './shared/request';

export const generateBackgroundRoute: ApiRoute = {
  method: 'POST',
  pattern: meta.path,
  produces: meta.produces,
  auth: 'key',
  async handle(context) {
    const fields = await readBody(context.request, 'json+multipart');
    parseGenerateBackgroundRequest(fields, context.deps.inputs.origin);
    return spendCredits(context, meta.cost, async () => {
      throw new ApiError('not_implemented', 'generate-background is validated but its generator is not built yet');
    });
  },
};
