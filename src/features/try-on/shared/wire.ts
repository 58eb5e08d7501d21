// The body of POST /v1/try-on as it travels (docs/api.md), declared once: the
// route's parser validates with this schema and src/client infers its types
// from it. Jobs answer with api/jobs.ts's JobView and the kind they dressed.
import * as v from 'valibot';
import { file, flag, oneOf, text } from '../../../api/fields';
import type { JobView } from '../../../api/jobs';
import { GARMENT_MODES, type GarmentKind } from './meta';

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

/** A try-on job as GET and DELETE /v1/try-on/job/{id} answer it. */
export interface TryOnJobView extends JobView {
  /** Once completed: the kind the garment was dressed as (`auto` says which it read). Absent on jobs completed before it was kept. */
  garment_mode_used?: GarmentKind;
}
