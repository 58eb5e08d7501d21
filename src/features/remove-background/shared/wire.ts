// The body of POST /v1/remove-background as it travels (docs/api.md), declared once:
// the route's parser validates with this schema and src/client infers its
// types from it.
import * as v from 'valibot';
import { between, file, flag, oneOf, record, text } from '../../../api/fields';
import { parseMargin } from '../../../api/margin';

/** "N%" (0–49, of the input's size) or "Npx". */
export type MarginText = `${number}%` | `${number}px`;

function isMargin(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    parseMargin(value, 'margin');
    return true;
  } catch {
    return false;
  }
}

/** Checked and read by api/margin.ts, the one place that knows the syntax. */
const margin = v.pipe(
  v.custom<MarginText>(isMargin, 'must look like "10%" (at most 49%) or "24px"'),
  v.transform((value) => parseMargin(value, 'margin')),
);

export const shadowSettings = record({
  enabled: flag,
  opacity: v.optional(between(0, 1)),
  light_source: v.optional(
    record({
      size: v.optional(between(0, 1)),
      position: v.optional(
        record({ x: v.optional(between(-1, 1)), y: v.optional(between(-1, 1)), z: v.optional(between(0, 2)) }),
      ),
    }),
  ),
});

export const removeBackgroundBody = v.object({
  /** Required unless `image` is sent; the file wins when both are. */
  image_url: v.optional(text),
  image: v.optional(file),
  format: v.optional(oneOf(['png'])),
  crop: v.optional(flag),
  margin: v.optional(margin),
  margin_left: v.optional(margin),
  margin_right: v.optional(margin),
  margin_top: v.optional(margin),
  margin_bottom: v.optional(margin),
  /** `true` is `{ enabled: true }`. */
  shadow: v.optional(v.union([flag, shadowSettings], 'must be true, false or an object')),
});

export type RemoveBackgroundBody = v.InferInput<typeof removeBackgroundBody>;
export type ShadowSettings = v.InferInput<typeof shadowSettings>;
