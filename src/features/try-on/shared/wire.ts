// The body of POST /v1/try-on as it travels (docs/api.md), declared once: the
// route's parser validates with this schema and src/client infers its types
// from it. Jobs answer with api/jobs.ts's JobView.
import * as v from 'valibot';
import { file, flag, oneOf, text } from '../../../api/fields';
import { GARMENT_MODES } from './meta';

export const tryOnBody = v.object({
  /** Each image: a URL, or a multipart file that wins over it. */
  person_image_url: v.optional(text),
  garment_image_url: v.optional(text),
  person_image: v.optional(file),
  garment_image: v.optional(file),
  garment_mode: v.optional(oneOf(GARMENT_MODES)),
  preprocess_garment: v.optional(flag),
  remove_background: v.optional(flag),
  wait_for_result: v.optional(flag),
});

export type TryOnBody = v.InferInput<typeof tryOnBody>;
