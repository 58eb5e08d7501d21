// The routes the playground can call, each with an example body that works
// on this origin as it is (the sample files ship with the app).
import { generateBackgroundMeta } from '../../generate-background/shared/meta';
import { removeBackgroundMeta } from '../../remove-background/shared/meta';
import { tryOnMeta } from '../../try-on/shared/meta';
import { SAMPLE_IMAGE, SAMPLE_VIDEO } from '../../../ui/samples';
import { videoMeta } from '../../video/shared/meta';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

export interface PlaygroundRoute {
  id: string;
  method: HttpMethod;
  /** May hold `{jobId}`. */
  path: string;
  label: string;
  /** The JSON body the editor starts with; none for routes without a body. */
  example?: Record<string, unknown>;
  /** Multipart file fields, when the route takes uploads. */
  fileFields?: readonly string[];
  /** Accept values worth offering, the default first. */
  accepts: readonly string[];
  /** The typed client's method for it. */
  clientCall: string;
}

const JOB = '{jobId}';

export const PLAYGROUND_ROUTES: readonly PlaygroundRoute[] = [
  {
    id: 'remove-background',
    method: 'POST',
    path: removeBackgroundMeta.path,
    label: 'Remove background',
    example: { image_url: SAMPLE_IMAGE, crop: true, margin: '5%', shadow: true },
    fileFields: ['image'],
    accepts: ['application/json', 'image/png'],
    clientCall: 'removeBackground',
  },
  {
    id: 'generate-background',
    method: 'POST',
    path: generateBackgroundMeta.path,
    label: 'Generate background',
    example: { image_url: SAMPLE_IMAGE, scene: 'marble', image_transform: { scale: 0.6, x_center: 0.5, y_center: 0.55 } },
    fileFields: ['image'],
    accepts: ['application/json', 'image/jpeg'],
    clientCall: 'generateBackground',
  },
  {
    id: 'video',
    method: 'POST',
    path: videoMeta.path,
    label: 'Start a video job',
    example: { video_url: SAMPLE_VIDEO, output_format: 'webm_vp9', background_color: 'transparent' },
    accepts: ['application/json'],
    clientCall: 'startVideoJob',
  },
  {
    id: 'video-job',
    method: 'GET',
    path: `${videoMeta.path}/job/${JOB}`,
    label: 'Video job status',
    accepts: ['application/json'],
    clientCall: 'getVideoJob',
  },
  {
    id: 'try-on',
    method: 'POST',
    path: tryOnMeta.path,
    label: 'Try-on (beta)',
    example: { person_image_url: '/samples/person.jpg', garment_image_url: '/samples/shirt.jpg', garment_mode: 'upper', wait_for_result: false },
    fileFields: ['person_image', 'garment_image'],
    accepts: ['application/json', 'image/jpeg'],
    clientCall: 'tryOn',
  },
  {
    id: 'try-on-job',
    method: 'GET',
    path: `${tryOnMeta.path}/job/${JOB}`,
    label: 'Try-on job status',
    accepts: ['application/json'],
    clientCall: 'getTryOnJob',
  },
  {
    id: 'try-on-cancel',
    method: 'DELETE',
    path: `${tryOnMeta.path}/job/${JOB}`,
    label: 'Cancel a try-on job',
    accepts: ['application/json'],
    clientCall: 'cancelTryOnJob',
  },
  {
    id: 'credits',
    method: 'GET',
    path: '/v1/credits',
    label: 'Credits left',
    accepts: ['application/json'],
    clientCall: 'credits',
  },
];

export function needsJobId(route: PlaygroundRoute): boolean {
  return route.path.includes(JOB);
}

export function routePath(route: PlaygroundRoute, jobId: string): string {
  return route.path.replace(JOB, encodeURIComponent(jobId.trim() || 'JOB_ID'));
}
