// A small typed client for the /v1 API, for scripts on the app's origin (or
// any origin, given baseUrl). Bodies are the API's own snake_case fields; a
// Blob anywhere in a body sends it as multipart.
//
//   import { createClient, CutoutApiError } from './src/client';
//   const cutout = createClient({ apiKey: 'cs_…' });
//   const url = await cutout.removeBackground({ image_url: '/shoe.jpg', crop: true }); // a PNG, valid for 1 hour
//   const png = await cutout.removeBackground({ image: file, shadow: true }, { as: 'blob' });
//   const { job_id } = await cutout.startVideoJob({ video_url: '/clip.mp4', output_format: 'webm_vp9', background_color: 'transparent' });
//   const job = await cutout.waitForVideoJob(job_id, { onProgress: (j) => console.log(j.progress) });
//   try { await cutout.credits(); } catch (e) { if (e instanceof CutoutApiError && e.status === 429) wait(e.retryAfter); }
import { tryOnMeta } from '../features/try-on/shared/meta';
import type {
  Credits,
  ErrorBody,
  GarmentKind,
  GenerateBackgroundBody,
  ImageResult,
  Job,
  JobAccepted,
  RemoveBackgroundBody,
  TryOnBody,
  TryOnJob,
  TryOnResult,
  VideoJobBody,
} from './types';

export type * from './types';

/** A non-2xx answer: the API's `{ error, error_code }` with the HTTP status. */
export class CutoutApiError extends Error {
  override readonly name = 'CutoutApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Seconds to wait before retrying, from Retry-After (429 and 503). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** A job that ended `failed`: its error, and the job as last seen. */
export class CutoutJobError extends Error {
  override readonly name = 'CutoutJobError';
  readonly code: string;

  constructor(readonly job: Job) {
    super(job.error?.message ?? 'the job failed');
    this.code = job.error?.error_code ?? 'unexpected_error';
  }
}

export interface ClientOptions {
  apiKey: string;
  /** Where the API lives; default the current page's origin. */
  baseUrl?: string;
}

export interface WaitOptions {
  /** Time between polls; default 1000 ms. */
  intervalMs?: number;
  /** Called with every status read, until the job ends. */
  onProgress?: (job: Job) => void;
  signal?: AbortSignal;
}

export interface CutoutClient {
  /** The result URL (valid for 1 hour), or with `as: 'blob'` the PNG itself. */
  removeBackground(body: RemoveBackgroundBody, options?: { as?: 'url' }): Promise<string>;
  removeBackground(body: RemoveBackgroundBody, options: { as: 'blob' }): Promise<Blob>;
  generateBackground(body: GenerateBackgroundBody): Promise<ImageResult>;
  startVideoJob(body: VideoJobBody): Promise<JobAccepted>;
  getVideoJob(id: string): Promise<Job>;
  /** Polls until the job completes; rejects with CutoutJobError if it fails. */
  waitForVideoJob(id: string, options?: WaitOptions): Promise<Job>;
  tryOn(body: TryOnBody & { wait_for_result: false }): Promise<JobAccepted>;
  /** Waits for the job: its result URL, the job's id and the kind the garment was dressed as. */
  tryOn(body: TryOnBody): Promise<TryOnResult>;
  /** The job, with `garment_mode_used` once it has completed. */
  getTryOnJob(id: string): Promise<TryOnJob>;
  cancelTryOnJob(id: string): Promise<TryOnJob>;
  credits(): Promise<Credits>;
}

function hasBlob(body: object): boolean {
  return Object.values(body).some((value) => value instanceof Blob);
}

/** Multipart as the API reads it: files as files, booleans as "true"/"false", objects as JSON. */
function toFormData(body: object): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : name);
    else if (typeof value === 'object' && value !== null) form.append(name, JSON.stringify(value));
    else form.append(name, String(value));
  }
  return form;
}

async function errorFrom(response: Response): Promise<CutoutApiError> {
  let body: Partial<ErrorBody> = {};
  try {
    body = (await response.json()) as Partial<ErrorBody>;
  } catch {
    // Not our JSON (a proxy, a crash page): the status says enough.
  }
  const retry = response.headers.get('retry-after');
  return new CutoutApiError(
    response.status,
    body.error_code ?? 'unexpected_error',
    body.error ?? `HTTP ${response.status} ${response.statusText}`.trim(),
    (response.status === 429 || response.status === 503) && retry !== null ? Number(retry) : undefined,
  );
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

export function createClient({ apiKey, baseUrl = globalThis.location?.origin }: ClientOptions): CutoutClient {
  if (!baseUrl) throw new Error('createClient: baseUrl is required outside a browser page');

  async function request(method: string, path: string, init: { body?: object; accept?: string; signal?: AbortSignal } = {}): Promise<Response> {
    const headers: Record<string, string> = { 'X-API-KEY': apiKey, Accept: init.accept ?? 'application/json' };
    let body: BodyInit | undefined;
    if (init.body) {
      if (hasBlob(init.body)) body = toFormData(init.body);
      else {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(init.body);
      }
    }
    const response = await fetch(new URL(path, baseUrl), { method, headers, body, signal: init.signal });
    if (!response.ok) throw await errorFrom(response);
    return response;
  }

  const json = async <T>(method: string, path: string, init?: { body?: object; signal?: AbortSignal }): Promise<T> =>
    (await request(method, path, init)).json() as Promise<T>;

  const jobPath = (prefix: string, id: string) => `${prefix}/job/${encodeURIComponent(id)}`;

  const client = {
    async removeBackground(body: RemoveBackgroundBody, options: { as?: 'url' | 'blob' } = {}): Promise<string | Blob> {
      if (options.as === 'blob') return (await request('POST', '/v1/remove-background', { body, accept: 'image/png' })).blob();
      return (await json<ImageResult>('POST', '/v1/remove-background', { body })).result_url;
    },
    generateBackground: (body: GenerateBackgroundBody) => json<ImageResult>('POST', '/v1/generate-background', { body }),
    startVideoJob: (body: VideoJobBody) => json<JobAccepted>('POST', '/v1/video/remove-background', { body }),
    getVideoJob: (id: string) => json<Job>('GET', jobPath('/v1/video/remove-background', id)),
    async waitForVideoJob(id: string, { intervalMs = 1000, onProgress, signal }: WaitOptions = {}): Promise<Job> {
      for (;;) {
        signal?.throwIfAborted();
        const job = await json<Job>('GET', jobPath('/v1/video/remove-background', id), { signal });
        onProgress?.(job);
        if (job.status === 'completed') return job;
        if (job.status === 'failed') throw new CutoutJobError(job);
        await delay(intervalMs, signal);
      }
    },
    async tryOn(body: TryOnBody): Promise<TryOnResult | JobAccepted> {
      const response = await request('POST', '/v1/try-on', { body });
      if (response.status === 202) return (await response.json()) as JobAccepted;
      // The 200's body is { result_url }; the job and the kind it dressed come in headers.
      const { result_url } = (await response.json()) as ImageResult;
      const headers = response.headers;
      return { result_url, job_id: headers.get('x-job-id') ?? '', garment_mode_used: headers.get(tryOnMeta.modeUsedHeader) as GarmentKind };
    },
    getTryOnJob: (id: string) => json<TryOnJob>('GET', jobPath('/v1/try-on', id)),
    cancelTryOnJob: (id: string) => json<TryOnJob>('DELETE', jobPath('/v1/try-on', id)),
    credits: () => json<Credits>('GET', '/v1/credits'),
  };
  return client as CutoutClient;
}
