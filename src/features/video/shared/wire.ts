// The body of POST /v1/video/remove-background as it travels (docs/api.md),
// declared once: the route's parser validates with this schema and src/client
// infers its types from it. Jobs answer with api/jobs.ts's JobView.
import * as v from 'valibot';
import { oneOf, text } from '../../../api/fields';
import { OUTPUT_FORMATS, type BackgroundColor } from './meta';

const COLOR_PATTERN = /^(transparent|#[0-9A-Fa-f]{3}|#[0-9A-Fa-f]{6})$/;

export const videoJobBody = v.object({
  video_url: text,
  /** Default #000000. */
  background_color: v.optional(
    v.custom<BackgroundColor>(
      (value) => typeof value === 'string' && COLOR_PATTERN.test(value),
      'must be "transparent", #rgb or #rrggbb',
    ),
  ),
  /** Default mp4_h264, or webm_vp9 with a transparent background. */
  output_format: v.optional(oneOf(OUTPUT_FORMATS)),
});

export type VideoJobBody = v.InferInput<typeof videoJobBody>;
