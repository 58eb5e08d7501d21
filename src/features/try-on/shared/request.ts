// Reads a try-on request: the wire schema checks every field (wire.ts); this
// adds the defaults (docs/api.md). No I/O.
import { readFields, type RequestFields } from '../../../api/fields';
import type { InputSource } from '../../../api/input';
import { readImageSource } from '../../remove-background/shared/request';
import type { TryOnOptions } from './meta';
import { tryOnBody } from './wire';

export interface TryOnRequest {
  person: InputSource;
  garment: InputSource;
  options: TryOnOptions;
}

export function parseTryOnRequest(fields: RequestFields, origin: string): TryOnRequest {
  const body = readFields(tryOnBody, fields);
  return {
    person: readImageSource(body.person_image, body.person_image_url, origin, 'person_image', 'person_image_url'),
    garment: readImageSource(body.garment_image, body.garment_image_url, origin, 'garment_image', 'garment_image_url'),
    options: {
      garmentMode: body.garment_mode ?? 'auto',
      preprocessGarment: body.preprocess_garment ?? true,
      removeBackground: body.remove_background ?? false,
      waitForResult: body.wait_for_result ?? true,
    },
  };
}
