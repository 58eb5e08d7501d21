// POST /v1/video/remove-background and the job status routes.
import { readBody } from '../../api/body';
import type { ApiRoute } from '../../api/context';
import { ApiError } from '../../api/errors';
import { jobStatusRoute } from '../../api/jobs';
import { videoMeta as meta } from './shared/meta';
import { parseVideoRequest } from './shared/request';

export const videoRoute: ApiRoute = {
  method: 'POST',
  pattern: meta.path,
  produces: ['application/json'],
  auth: 'key',
  async handle(context) {
    const fields = await readBody(context.request, 'json');
    parseVideoRequest(fields, context.deps.inputs.origin);
    throw new ApiError('not_implemented', 'video jobs are validated but not processed yet');
  },
};

export const videoJobRoutes = meta.jobPaths.map((pattern) => jobStatusRoute(pattern, 'video'));
