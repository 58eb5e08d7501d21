// POST /v1/remove-background, as the service worker serves it.
import { readBody } from '../../api/body';
import type { ApiRoute } from '../../api/context';
import { spendCredits } from '../../api/credits';
import { readImageInput } from '../../api/image-input';
import { imageResultResponse } from '../../api/image-result';
import { saveResult } from '../../api/results';
import { task } from '../../api/tasks';
import { removeBackgroundCost, removeBackgroundMeta as meta } from './shared/meta';
import { parseRemoveBackgroundRequest } from './shared/request';

const removeBackgroundRoute: ApiRoute = {
  method: 'POST',
  pattern: meta.path,
  produces: meta.produces,
  auth: 'key',
  async handle(context) {
    const fields = await readBody(context.request, 'json+multipart');
    const { input, options } = parseRemoveBackgroundRequest(fields, context.deps.inputs.origin);
    return spendCredits(context, removeBackgroundCost(options), async () => {
      const image = await readImageInput(input, context.deps.inputs);
      const output = await context.deps.engine.run(task('removeBackground', { input: image.blob, options }), { clientId: context.clientId });
      const record = await saveResult(context.deps, {
        blob: output.blob,
        contentType: output.contentType,
        ext: meta.extension,
        route: meta.path,
        keyId: context.key?.id ?? null,
        lifetimeMs: meta.resultLifetimeMs,
        width: output.width,
        height: output.height,
      });
      return imageResultResponse(context, record, { 'X-Engine': output.engine });
    });
  },
};

export const routes: ApiRoute[] = [removeBackgroundRoute];
