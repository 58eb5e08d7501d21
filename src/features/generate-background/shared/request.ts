// Reads a generate-background request; every rule of API.md, no I/O.
import { ApiError } from '../../../api/errors';
import { numberIn, optionalEnum, optionalObjectOrBoolean, optionalString, type RequestFields } from '../../../api/fields';
import type { InputSource } from '../../../api/input';
import { readImageSource } from '../../remove-background/shared/request';
import { SCENES, type GenerateBackgroundOptions, type ImageTransform } from './meta';

export interface GenerateBackgroundRequest {
  input: InputSource;
  options: GenerateBackgroundOptions;
}

function readTransform(fields: RequestFields): ImageTransform {
  const value = optionalObjectOrBoolean(fields, 'image_transform');
  if (value === undefined) return { xCenter: 0.5, yCenter: 0.5 };
  if (typeof value === 'boolean') throw new ApiError('invalid_parameter', 'image_transform must be an object');
  const read = (key: string, min: number, max: number) =>
    value[key] === undefined || value[key] === null ? undefined : numberIn(value[key], `image_transform.${key}`, min, max);
  return {
    scale: read('scale', 0.05, 2),
    xCenter: read('x_center', 0, 1) ?? 0.5,
    yCenter: read('y_center', 0, 1) ?? 0.5,
  };
}

export function parseGenerateBackgroundRequest(fields: RequestFields, origin: string): GenerateBackgroundRequest {
  const input = readImageSource(fields, origin);
  const transform = readTransform(fields);
  const scene = optionalEnum(fields, 'scene', SCENES);
  const prompt = optionalString(fields, 'prompt');
  const negative = optionalString(fields, 'negative_prompt');
  const seedValue = fields.values.seed;
  const seed =
    seedValue === undefined || seedValue === null ? undefined : numberIn(seedValue, 'seed', 0, 2 ** 32 - 1, true);
  return {
    input,
    options: {
      transform,
      scene,
      // A preset scene wins: prompt and negative_prompt are then ignored.
      prompt: scene ? undefined : prompt,
      negativePrompt: scene || !negative ? [] : negative.split(',').map((s) => s.trim()).filter(Boolean),
      seed,
    },
  };
}
