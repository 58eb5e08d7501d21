// POST /v1/video/remove-background and the job status routes. The route
// validates, reads the input into IndexedDB (so the job survives the URL going
// away and the page closing) and answers 202; an engine host runs the job.
import { readBody } from '../../api/body';
import { callerKey, type ApiRoute } from '../../api/context';
import { ensureAffordable } from '../../api/credits';
import { ApiError } from '../../api/errors';
import { loadInput } from '../../api/input';
import { jobStatusRoute } from '../../api/jobs';
import { jsonResponse } from '../../api/respond';
import { ACCEPTED_CONTAINERS, sniffContainer } from './shared/container';
import { createVideoJob } from './shared/jobs';
import { videoMeta as meta } from './shared/meta';
import { parseVideoRequest } from './shared/request';

async function checkContainer(input: Blob): Promise<void> {
  if (input.size === 0) throw new ApiError('malformed_image', 'video_url: the video is empty (0 bytes)');
  const container = sniffContainer(new Uint8Array(await input.slice(0, 64).arrayBuffer()));
  if (!container) throw new ApiError('malformed_image', 'video_url: the data could not be decoded as a video');
  if (!ACCEPTED_CONTAINERS.includes(container)) {
    throw new ApiError(
      'unsupported_image_format',
      `video_url: ${container.toUpperCase()} videos are not supported; use ${ACCEPTED_CONTAINERS.map((c) => c.toUpperCase()).join(', ')}`,
    );
  }
}

function fileNameOf(url: URL): string {
  if (url.protocol === 'data:') return 'video';
  return decodeURIComponent(url.pathname.split('/').pop() || 'video');
}

export const videoRoute: ApiRoute = {
  method: 'POST',
  pattern: meta.path,
  produces: ['application/json'],
  auth: 'key',
  async handle(context) {
    const fields = await readBody(context.request, 'json');
    const { videoUrl, options } = parseVideoRequest(fields, context.deps.inputs.origin);
    const key = callerKey(context);
    // The cost (a credit per started second) is known once the video is read;
    // a key that cannot pay for even one second is refused now.
    ensureAffordable((await context.deps.store.getKey(key.id)) ?? key, context.deps.reservedCredits.get(key.id) ?? 0, meta.costPerSecond);
    const input = await loadInput({ kind: 'url', url: videoUrl, field: 'video_url' }, meta.limits.maxBytes, context.deps.inputs, 'video');
    await checkContainer(input);
    const job = await createVideoJob(context.deps.store, {
      input,
      options,
      fileName: fileNameOf(videoUrl),
      keyId: key.id,
      cost: 0,
      now: context.deps.clock.now(),
    });
    context.deps.announceJobs();
    return jsonResponse({ job_id: job.id }, 202, { Location: `${meta.jobPaths[0].replace(':jobId', job.id)}` });
  },
};

export const videoJobRoutes = meta.jobPaths.map((pattern) => jobStatusRoute(pattern, 'video'));
