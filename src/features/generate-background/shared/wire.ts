// The body of POST /v1/generate-background as it travels (docs/api.md), declared
// once: the route's parser validates with this schema and src/client infers
// its types from it.
import * as v from 'valibot';
import { between, file, integerBetween, oneOf, record, text } from '../../../api/fields';
import { SCENES } from './meta';

export const generateBackgroundBody = v.object({
  /** Required unless `image` is sent; the file wins when both are. */
  image_url: v.optional(text),
  image: v.optional(file),
  /** Where the subject sits: canvas fractions; scale 1 fits its longest edge to the canvas. */
  image_transform: v.optional(
    record({ scale: v.optional(between(0.05, 2)), x_center: v.optional(between(0, 1)), y_center: v.optional(between(0, 1)) }),
  ),
  /** A preset scene; when given, prompt and negative_prompt are ignored. */
  scene: v.optional(oneOf(SCENES)),
  prompt: v.optional(text),
  /** Comma separated. */
  negative_prompt: v.optional(text),
  seed: v.optional(integerBetween(0, 2 ** 32 - 1)),
});

export type GenerateBackgroundBody = v.InferInput<typeof generateBackgroundBody>;
