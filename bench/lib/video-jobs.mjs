// A video job as a script meets it, timed from the page: POST
// /v1/video/remove-background (the clip as a data: URL), poll the job until it
// completes, fetch the result. The job's progress says when the model was
// ready (the first 5 % are the model's, see removeVideoBackground.ts) and when
// the last frame was done (95 %), so the wait splits into what comes before
// the first frame, the frame loop, and the end (muxing, storing, fetching).
// (Since 2026-11-28 the frames' share counts frames read as well as frames
// written, half each, as frames wait in the matte for the next key frame; so
// the first frame is the first one read.)

/** The model's share and the final mux's share of the job's progress bar (removeVideoBackground.ts). */
const MODEL_SHARE = 0.05;
const FINISH_SHARE = 0.05;

/** Runs in the page. */
async function timeJob({ base64, key, outputFormat, backgroundColor, pollMs }) {
  const started = performance.now();
  const post = await fetch('/v1/video/remove-background', {
    method: 'POST',
    headers: { 'X-API-KEY': key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ video_url: `data:video/mp4;base64,${base64}`, output_format: outputFormat, background_color: backgroundColor }),
  });
  const posted = await post.json();
  if (post.status !== 202) return { error: `POST ${post.status} ${JSON.stringify(posted)}` };
  const accepted = performance.now();
  const progress = [];
  let job;
  for (;;) {
    const answer = await fetch(`/v1/video/job/${posted.job_id}`, { headers: { 'X-API-KEY': key } });
    job = await answer.json();
    progress.push([performance.now() - started, job.progress ?? 0]);
    if (job.status === 'completed' || job.status === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  if (job.status !== 'completed') return { error: `job ${job.status}: ${JSON.stringify(job.error)}` };
  const result = await fetch(job.result_url, { headers: { 'X-API-KEY': key } });
  const bytes = (await result.arrayBuffer()).byteLength;
  if (!result.ok) return { error: `result ${result.status}` };
  return { ms: performance.now() - started, acceptedMs: accepted - started, progress, bytes, contentType: result.headers.get('content-type') };
}

/**
 * Times one job in `page` (which must be the app, with a key).
 * @returns {{ ms: number, acceptedMs: number, firstFrameMs: number | null, lastFrameMs: number | null, bytes: number, progress: [number, number][] }}
 */
export async function timeVideoJob(page, { clip, key, outputFormat = 'mp4_h264', backgroundColor = '#00ff00', pollMs = 100 }) {
  const run = await page.evaluate(timeJob, { base64: clip.toString('base64'), key, outputFormat, backgroundColor, pollMs });
  if (run.error) throw new Error(run.error);
  // The first poll past the model's share, and the first at the frames' end: to within a poll.
  const firstFrameMs = run.progress.find(([, p]) => p > MODEL_SHARE + 1e-6)?.[0] ?? null;
  const lastFrameMs = run.progress.find(([, p]) => p >= 1 - FINISH_SHARE - 1e-6)?.[0] ?? null;
  return { ...run, firstFrameMs, lastFrameMs };
}
