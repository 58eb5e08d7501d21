// Reads a try-on request; every rule of API.md, no I/O.
import { optionalBoolean, optionalEnum, type RequestFields } from '../../../api/fields';
import type { InputSource } from '../../../api/input';
import { readImageSource } from '../../remove-background/shared/request';
import { GARMENT_MODES, type TryOnOptions } from './meta';

export interface TryOnRequest {
  person: InputSource;
  garment: InputSource;
  options: TryOnOptions;
}

export function parseTryOnRequest(fields: RequestFields, origin: string): TryOnRequest {
  return {
    person: readImageSource(fields, origin, 'person_image', 'person_image_url'),
    garment: readImageSource(fields, origin, 'garment_image', 'garment_image_url'),
    options: {
      garmentMode: optionalEnum(fields, 'garment_mode', GARMENT_MODES) ?? 'auto',
      preprocessGarment: optionalBoolean(fields, 'preprocess_garment') ?? true,
      removeBackground: optionalBoolean(fields, 'remove_background') ?? false,
      waitForResult: optionalBoolean(fields, 'wait_for_result') ?? true,
    },
  };
}
