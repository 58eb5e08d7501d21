// Reads a remove-background request body into worker options, enforcing every
// rule of API.md. Pure: no I/O.
import { ApiError } from '../../../api/errors';
import {
  has,
  numberIn,
  optionalBoolean,
  optionalEnum,
  optionalFile,
  optionalObjectOrBoolean,
  optionalString,
  requireString,
  type RequestFields,
} from '../../../api/fields';
import { parseInputUrl, type InputSource } from '../../../api/input';
import { parseMargin, ZERO_MARGIN, type Margin, type Margins } from '../../../api/margin';
import { DEFAULT_SHADOW, type RemoveBackgroundOptions, type ShadowOptions } from './meta';

export interface RemoveBackgroundRequest {
  input: InputSource;
  options: RemoveBackgroundOptions;
}

/** The image input of a request: an uploaded `image` file wins over `image_url`. */
export function readImageSource(fields: RequestFields, origin: string, fileField = 'image', urlField = 'image_url'): InputSource {
  const file = optionalFile(fields, fileField);
  if (file) return { kind: 'file', file, field: fileField };
  if (!has(fields, urlField)) {
    throw new ApiError('missing_parameter', `${urlField} is required (or an ${fileField} file in a multipart body)`);
  }
  return { kind: 'url', url: parseInputUrl(requireString(fields, urlField), urlField, origin), field: urlField };
}

function readMargins(fields: RequestFields): Margins {
  const read = (name: string): Margin | undefined => {
    const text = optionalString(fields, name);
    return text === undefined ? undefined : parseMargin(text, name);
  };
  const all = read('margin') ?? ZERO_MARGIN;
  return {
    top: read('margin_top') ?? all,
    right: read('margin_right') ?? all,
    bottom: read('margin_bottom') ?? all,
    left: read('margin_left') ?? all,
  };
}

function asObject(value: unknown, name: string): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw new ApiError('invalid_parameter', `${name} must be an object`);
  return value as Record<string, unknown>;
}

function optionalNumber(object: Record<string, unknown> | undefined, key: string, name: string, min: number, max: number, fallback: number) {
  const value = object?.[key];
  return value === undefined || value === null ? fallback : numberIn(value, name, min, max);
}

export function readShadow(fields: RequestFields): ShadowOptions | null {
  const value = optionalObjectOrBoolean(fields, 'shadow');
  if (value === undefined || value === false) return null;
  if (value === true) return DEFAULT_SHADOW;
  if (!('enabled' in value)) throw new ApiError('missing_parameter', 'shadow.enabled is required in a shadow object');
  const enabled = value.enabled;
  if (typeof enabled !== 'boolean') throw new ApiError('invalid_parameter', 'shadow.enabled must be true or false');
  const light = asObject(value.light_source, 'shadow.light_source');
  const position = asObject(light?.position, 'shadow.light_source.position');
  const shadow: ShadowOptions = {
    opacity: optionalNumber(value, 'opacity', 'shadow.opacity', 0, 1, DEFAULT_SHADOW.opacity),
    lightSize: optionalNumber(light, 'size', 'shadow.light_source.size', 0, 1, DEFAULT_SHADOW.lightSize),
    light: {
      x: optionalNumber(position, 'x', 'shadow.light_source.position.x', -1, 1, DEFAULT_SHADOW.light.x),
      y: optionalNumber(position, 'y', 'shadow.light_source.position.y', -1, 1, DEFAULT_SHADOW.light.y),
      z: optionalNumber(position, 'z', 'shadow.light_source.position.z', 0, 2, DEFAULT_SHADOW.light.z),
    },
  };
  return enabled ? shadow : null;
}

export function parseRemoveBackgroundRequest(fields: RequestFields, origin: string): RemoveBackgroundRequest {
  const input = readImageSource(fields, origin);
  optionalEnum(fields, 'format', ['png'] as const);
  const crop = optionalBoolean(fields, 'crop') ?? false;
  const margins = readMargins(fields);
  const shadow = readShadow(fields);
  return { input, options: { crop, margins, shadow } };
}
