// Reads a remove-background request body into worker options: the wire schema
// checks every field (wire.ts); this adds the defaults and the rules between
// fields (docs/api.md). Pure: no I/O.
import * as v from 'valibot';
import { ApiError } from '../../../api/errors';
import { readFields, type RequestFields } from '../../../api/fields';
import { parseInputUrl, type InputSource } from '../../../api/input';
import { ZERO_MARGIN } from '../../../api/margin';
import { DEFAULT_SHADOW, type RemoveBackgroundOptions, type ShadowOptions } from './meta';
import { removeBackgroundBody, type shadowSettings } from './wire';

export interface RemoveBackgroundRequest {
  input: InputSource;
  options: RemoveBackgroundOptions;
}

/**
 * The image input of a request: an uploaded file wins over its URL field.
 * Other features' bodies name theirs differently (try-on has two).
 */
export function readImageSource(
  file: Blob | undefined,
  url: string | undefined,
  origin: string,
  fileField = 'image',
  urlField = 'image_url',
): InputSource {
  if (file) return { kind: 'file', file, field: fileField };
  if (url === undefined) {
    throw new ApiError('missing_parameter', `${urlField} is required (or an ${fileField} file in a multipart body)`);
  }
  return { kind: 'url', url: parseInputUrl(url, urlField, origin), field: urlField };
}

function readShadow(shadow: boolean | v.InferOutput<typeof shadowSettings> | undefined): ShadowOptions | null {
  if (shadow === undefined || shadow === false) return null;
  if (shadow === true) return DEFAULT_SHADOW;
  if (!shadow.enabled) return null;
  const position = shadow.light_source?.position;
  return {
    opacity: shadow.opacity ?? DEFAULT_SHADOW.opacity,
    lightSize: shadow.light_source?.size ?? DEFAULT_SHADOW.lightSize,
    light: {
      x: position?.x ?? DEFAULT_SHADOW.light.x,
      y: position?.y ?? DEFAULT_SHADOW.light.y,
      z: position?.z ?? DEFAULT_SHADOW.light.z,
    },
  };
}

export function parseRemoveBackgroundRequest(fields: RequestFields, origin: string): RemoveBackgroundRequest {
  const body = readFields(removeBackgroundBody, fields);
  const all = body.margin ?? ZERO_MARGIN;
  return {
    input: readImageSource(body.image, body.image_url, origin),
    options: {
      crop: body.crop ?? false,
      // A side value overrides `margin`.
      margins: {
        top: body.margin_top ?? all,
        right: body.margin_right ?? all,
        bottom: body.margin_bottom ?? all,
        left: body.margin_left ?? all,
      },
      shadow: readShadow(body.shadow),
    },
  };
}
