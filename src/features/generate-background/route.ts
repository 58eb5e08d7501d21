// POST /v1/generate-background, as the service worker serves it.
import { readBody } from '../../api/body';
import type { ApiRoute } from '../../api/context';
import { spendCredits } from '../../api/credits';
import { readImageInput } from '../../api/image-input';
import { imageResultResponse } from '../../api/image-result';
import { saveResult } from '../../api/results';
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
      const image = await readImageInput(input, context.deps.inputs);
      const output = await context.deps.engine.run(task('generateBackground', { input: image.blob, options }), { clientId: context.clientId });
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
      const headers: Record<string, string> = { 'X-Seed': String(output.seed) };
      if (options.prompt !== undefined || options.negativePrompt.length > 0) headers['X-Prompt-Unused'] = output.unusedWords.join(',');
      return imageResultResponse(context, record, headers);
    });
  },
};


export const routes: ApiRoute[] = [generateBackgroundRoute];
