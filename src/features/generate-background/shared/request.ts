// Reads a generate-background request: the wire schema checks every field
// (wire.ts); this adds the defaults and the rules between fields (docs/api.md). No I/O.
import { readFields, type RequestFields } from '../../../api/fields';
import type { InputSource } from '../../../api/input';
import { readImageSource } from '../../remove-background/shared/request';
import type { GenerateBackgroundOptions } from './meta';
import { generateBackgroundBody } from './wire';

export interface GenerateBackgroundRequest {
  input: InputSource;
  options: GenerateBackgroundOptions;
}

export function parseGenerateBackgroundRequest(fields: RequestFields, origin: string): GenerateBackgroundRequest {
  const body = readFields(generateBackgroundBody, fields);
  const transform = body.image_transform;
  // A preset scene wins: prompt and negative_prompt are then ignored.
  const negative = body.scene ? undefined : body.negative_prompt;
  return {
    input: readImageSource(body.image, body.image_url, origin),
    options: {
      transform: { scale: transform?.scale, xCenter: transform?.x_center ?? 0.5, yCenter: transform?.y_center ?? 0.5 },
      scene: body.scene,
      prompt: body.scene ? undefined : body.prompt,
      negativePrompt: negative ? negative.split(',').map((s) => s.trim()).filter(Boolean) : [],
      seed: body.seed,
    },
  };
}
