// The /v1 wire format, in snake_case as the API takes and returns it. Nothing
// is declared here: bodies are inferred from the routes' own schemas
// (features/*/shared/wire.ts) and answers are the types the routes write, so
// the client cannot drift from the server.
import type { JobView } from '../api/jobs';
import type { GarmentKind } from '../features/try-on/shared/meta';

export type { Scene } from '../features/generate-background/shared/meta';
export type { GarmentKind, GarmentMode } from '../features/try-on/shared/meta';
export type { OutputFormat } from '../features/video/shared/meta';
export type { GenerateBackgroundBody } from '../features/generate-background/shared/wire';
export type { MarginText as Margin, RemoveBackgroundBody, ShadowSettings } from '../features/remove-background/shared/wire';
export type { TryOnBody, TryOnJobView as TryOnJob } from '../features/try-on/shared/wire';
export type { VideoJobBody } from '../features/video/shared/wire';
export type { Credits } from '../api/credits-route';
export type { ErrorBody } from '../api/errors';

// The two answers no route declares a type for yet (api/image-result.ts and
// the job routes write them inline).
export interface ImageResult {
  result_url: string;
}

export interface JobAccepted {
  job_id: string;
}

export type Job = JobView;
export type JobStatus = JobView['status'];

/**
 * A waiting try-on's answer: its JSON body (`result_url`) with the job's id
 * and the kind the garment was dressed as, read from the answer's
 * `X-Job-Id` and `X-Garment-Mode-Used` headers.
 */
export interface TryOnResult extends ImageResult {
  job_id: string;
  garment_mode_used: GarmentKind;
}
