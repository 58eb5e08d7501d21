// POST /v1/try-on and its job routes. The route validates, reads both images
// into IndexedDB (so the job survives the URLs going away and the page
// closing), holds the job's credits and queues it; a window of the app runs
// it (./jobs.ts). With wait_for_result it answers once the job has ended.
import { readBody } from '../../api/body';
import { callerKey, type ApiContext, type ApiRoute } from '../../api/context';
import { ApiError, toApiError } from '../../api/errors';
import { readImageInput } from '../../api/image-input';
import { imageResultResponse } from '../../api/image-result';
import { jobRoutes, waitForJob, type JobFields } from '../../api/jobs';
import { jsonResponse } from '../../api/respond';
import { liveResult } from '../../api/results';
import { JOB_LIFETIME_MS } from '../../store/job-state';
import type { JobRecord } from '../../store/schema';
import { createTryOnJob, type TryOnJob } from './shared/jobs';
import { GARMENT_KINDS, tryOnMeta as meta, type GarmentKind } from './shared/meta';
import { parseTryOnRequest } from './shared/request';
import type { TryOnJobView } from './shared/wire';

function jobUrl(id: string): string {
  return meta.jobPath.replace(':jobId', id);
}

/** The kind a completed job dressed its garment as; undefined before, and for jobs completed before it was kept. */
function modeUsed(job: JobRecord): GarmentKind | undefined {
  const kind = job.status === 'completed' ? (job as TryOnJob).outcome?.garmentKind : undefined;
  return kind && GARMENT_KINDS.includes(kind) ? kind : undefined;
}

/** A try-on job's own field in its JSON: `garment_mode_used`, once it is known. */
const jobFields: JobFields = (job) => {
  const used = modeUsed(job);
  return used ? ({ garment_mode_used: used } satisfies Partial<TryOnJobView>) : {};
};

/** The answer to a waiting request: the result as an image route gives it, or the job's error. */
async function answerWithJob(context: ApiContext, job: JobRecord | null, id: string): Promise<Response> {
  if (!job) {
    throw new ApiError(
      'request_timeout',
      `the try-on job ${id} did not finish within ${meta.waitMs / 1000} s; it goes on, poll ${jobUrl(id)} for its result`,
    );
  }
  if (job.status === 'failed') {
    const error = job.error ?? { error_code: 'unexpected_error', message: 'the job failed' };
    throw toApiError({ code: error.error_code, message: error.message }, `try-on job ${id}`);
  }
  const record = job.resultId ? await liveResult(context.deps, job.resultId) : undefined;
  if (!record) throw new ApiError('not_found', `the result of try-on job ${id} has expired`);
  const used = modeUsed(job);
  const response = imageResultResponse(context, record, { 'X-Job-Id': id, ...(used && { [meta.modeUsedHeader]: used }) });
  response.headers.set('X-Credits-Charged', String(job.keyId ? job.cost : 0));
  return response;
}

const tryOnRoute: ApiRoute = {
  method: 'POST',
  pattern: meta.path,
  produces: meta.produces,
  auth: 'key',
  async handle(context) {
    const fields = await readBody(context.request, 'json+multipart');
    const { person, garment, options } = parseTryOnRequest(fields, context.deps.inputs.origin);
    const key = callerKey(context);
    const { db, clock } = context.deps;
    const id = crypto.randomUUID();
    const now = clock.now();
    await db.credits.reserve({ id, keyId: key.id, credits: meta.cost, at: now, expiresAt: now + JOB_LIFETIME_MS });
    try {
      const personImage = await readImageInput(person, context.deps.inputs, context.request.signal);
      const garmentImage = await readImageInput(garment, context.deps.inputs, context.request.signal);
      await createTryOnJob(db, { id, person: personImage.blob, garment: garmentImage.blob, options, label: 'try-on', keyId: key.id, now });
    } catch (error) {
      await db.credits.release(id);
      throw error;
    }
    context.deps.announceJobs();
    if (!options.waitForResult) return jsonResponse({ job_id: id }, 202, { Location: jobUrl(id) });
    let job: JobRecord | null;
    try {
      job = await waitForJob(context.deps, id, meta.waitMs, context.request.signal);
    } catch (error) {
      // A caller who stopped waiting never learnt the job's id: the job ends with the call, and its hold with it.
      if (context.request.signal.aborted) {
        await db.jobs.cancel(id, clock.now());
        context.deps.announceJobs();
      }
      throw error;
    }
    return answerWithJob(context, job, id);
  },
};

export const routes: ApiRoute[] = [tryOnRoute, ...jobRoutes([meta.jobPath], 'try-on', jobFields)];
