// POST /v1/try-on and its job routes: validated in full; the try-on model lands with its issue.
import { readBody } from '../../api/body';
import type { ApiRoute } from '../../api/context';
import { spendCredits } from '../../api/credits';
import { ApiError } from '../../api/errors';
import { callerJob, jobStatusRoute, jobView } from '../../api/jobs';
import { jsonResponse } from '../../api/respond';
import { tryOnMeta as meta } from './shared/meta';
import { parseTryOnRequest } from './shared/request';

export const tryOnRoute: ApiRoute = {
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

export const tryOnJobRoute = jobStatusRoute(meta.jobPath, 'try-on');

export const tryOnCancelRoute: ApiRoute = {
  method: 'DELETE',
  pattern: meta.jobPath,
  produces: ['application/json'],
  auth: 'key',
  async handle(context) {
    const job = await callerJob(context, 'try-on');
    const now = context.deps.clock.now();
    const updated = await context.deps.store.updateJob(job.id, (current) =>
      current.status === 'pending' || current.status === 'running'
        ? {
            ...current,
            status: 'failed',
            updatedAt: now,
            error: { message: 'the job was cancelled', error_code: 'job_cancelled' },
          }
        : null,
    );
    context.deps.announceJobs();
    return jsonResponse(jobView(updated ?? job, context));
  },
};
