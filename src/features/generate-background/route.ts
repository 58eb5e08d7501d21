// POST /v1/generate-background, as the service worker serves it.
import { readBody } from '../../api/body';
import type { ApiRoute } from '../../api/context';
import { spendCredits } from '../../api/credits';
import { readImageInput } from '../../api/image-input';
import { answerWithImage } from '../../api/image-result';
import { task } from '../../api/tasks';
import { generateBackgroundMeta as meta } from './shared/meta';
import { parseGenerateBackgroundRequest } from './shared/request';

const generateBackgroundRoute: ApiRoute = {
  method: 'POST',
  pattern: meta.path,
  produces: meta.produces,
  auth: 'key',
  async handle(context) {
    const fields = await readBody(context.request, 'json+multipart');
    const { input, options } = parseGenerateBackgroundRequest(fields, context.deps.inputs.origin);
    return spendCredits(context, meta.cost, async () => {
      const image = await readImageInput(input, context.deps.inputs, context.request.signal);
      const output = await context.deps.engine.run(task('generateBackground', { input: image.blob, options }), { clientId: context.clientId });
      const headers: Record<string, string> = { 'X-Seed': String(output.seed) };
      if (options.prompt !== undefined || options.negativePrompt.length > 0) headers['X-Prompt-Unused'] = output.unusedWords.join(',');
      const result = { ext: meta.extension, route: meta.path, lifetimeMs: meta.resultLifetimeMs };
      return answerWithImage(context, output, result, headers);
    });
  },
};

export const routes: ApiRoute[] = [generateBackgroundRoute];
