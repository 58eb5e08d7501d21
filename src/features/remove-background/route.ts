// POST /v1/remove-background, as the service worker serves it.
import { readBody } from '../../api/body';
import type { ApiRoute } from '../../api/context';
import { spendCredits } from '../../api/credits';
import { readImageInput } from '../../api/image-input';
import { answerWithImage } from '../../api/image-result';
import { task } from '../../api/tasks';
import { removeBackgroundCost, removeBackgroundMeta as meta } from './shared/meta';
import { checkOutputSize, largestOutput } from './shared/output-size';
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
      const image = await readImageInput(input, context.deps.inputs, context.request.signal);
      checkOutputSize(largestOutput(image.header, options), true);
      const output = await context.deps.engine.run(task('removeBackground', { input: image.blob, options }), { clientId: context.clientId });
      const result = { ext: meta.extension, route: meta.path, lifetimeMs: meta.resultLifetimeMs };
      return answerWithImage(context, output, result, { 'X-Engine': output.engine });
    });
  },
};

export const routes: ApiRoute[] = [removeBackgroundRoute];
