// POST /v1/video/remove-background and the job routes. The route validates,
// reads the input into IndexedDB (so the job survives the URL going away and
// the page closing), holds a first credit and answers 202; a window of the app
// runs the job (./jobs.ts).
import { readBody } from '../../api/body';
import { callerKey, type ApiRoute } from '../../api/context';
import { ApiError } from '../../api/errors';
import { loadInput } from '../../api/input';
import { jobRoutes } from '../../api/jobs';
import { jsonResponse } from '../../api/respond';
import { JOB_LIFETIME_MS } from '../../store/job-state';
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
  try {
    return decodeURIComponent(url.pathname.split('/').pop() || 'video');
  } catch {
    return 'video';
  }
}

const videoRoute: ApiRoute = {
  method: 'POST',
  pattern: meta.path,
  produces: ['application/json'],
  auth: 'key',
  async handle(context) {
    const fields = await readBody(context.request, 'json');
    const { videoUrl, options } = parseVideoRequest(fields, context.deps.inputs.origin);
    const key = callerKey(context);
    const { db, clock } = context.deps;
    const id = crypto.randomUUID();
    const now = clock.now();
    // The cost (a credit per started second) is known once the job reads the
    // video; a key that cannot pay for even one second is refused now.
    await db.credits.reserve({ id, keyId: key.id, credits: meta.costPerSecond, at: now, expiresAt: now + JOB_LIFETIME_MS });
    try {
      const input = await loadInput({ kind: 'url', url: videoUrl, field: 'video_url' }, meta.limits.maxBytes, context.deps.inputs, 'video', context.request.signal);
      await checkContainer(input);
      await createVideoJob(db, { id, input, options, fileName: fileNameOf(videoUrl), keyId: key.id, now });
    } catch (error) {
      await db.credits.release(id);
      throw error;
    }
    context.deps.announceJobs();
    return jsonResponse({ job_id: id }, 202, { Location: `${meta.jobPaths[0].replace(':jobId', id)}` });
  },
};

export const routes: ApiRoute[] = [videoRoute, ...jobRoutes(meta.jobPaths, 'video')];
