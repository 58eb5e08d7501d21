// Each route's body is declared once (features/*/shared/wire.ts): the client's
// types are inferred from the schema the parser validates with, so what the
// client may send is what the parser accepts, in JSON and in multipart alike.
import { describe, expect, expectTypeOf, test } from 'vitest';
import type { ApiError } from '../../../src/api/errors';
import type { RequestFields } from '../../../src/api/fields';
import type { GenerateBackgroundBody, Job, RemoveBackgroundBody, TryOnBody, VideoJobBody } from '../../../src/client';
import type { JobView } from '../../../src/api/jobs';
import { parseGenerateBackgroundRequest } from '../../../src/features/generate-background/shared/request';
import { parseRemoveBackgroundRequest } from '../../../src/features/remove-background/shared/request';
import { parseTryOnRequest } from '../../../src/features/try-on/shared/request';
import { parseVideoRequest } from '../../../src/features/video/shared/request';

const origin = 'http://studio.test';
const json = (body: object): RequestFields => ({ source: 'json', values: { ...body }, files: {} });

/** The body as src/client sends it when it holds a Blob (see toFormData). */
function multipart(body: object): RequestFields {
  const fields: RequestFields = { source: 'multipart', values: {}, files: {} };
  for (const [name, value] of Object.entries(body)) {
    if (value instanceof Blob) fields.files[name] = new File([value], name);
    else fields.values[name] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return fields;
}

function failure(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (error) {
    return { code: (error as ApiError).code, message: (error as ApiError).message };
  }
  throw new Error('expected the parser to refuse');
}

describe('what the client types allow, the parser accepts', () => {
  const image = new Blob(['png'], { type: 'image/png' });
  const removeBackground: RemoveBackgroundBody = {
    image_url: '/shoe.png',
    format: 'png',
    crop: true,
    margin: '5%',
    margin_left: '12px',
    shadow: { enabled: true, opacity: 0.4, light_source: { size: 0.6, position: { x: 0.5, y: -1, z: 1.2 } } },
  };
  const generateBackground: GenerateBackgroundBody = {
    image_url: '/shoe.png',
    image_transform: { scale: 0.5, x_center: 0.4 },
    prompt: 'a sunny kitchen',
    negative_prompt: 'people, text',
    seed: 42,
  };
  const video: VideoJobBody = { video_url: '/clip.mp4', background_color: 'transparent', output_format: 'gif' };
  const tryOn: TryOnBody = { person_image_url: '/p.jpg', garment_image: image, garment_mode: 'upper', wait_for_result: false };

  test.each([
    ['JSON', json],
    ['multipart', multipart],
  ])('remove-background, as %s', (_, encode) => {
    expect(parseRemoveBackgroundRequest(encode(removeBackground), origin).options).toEqual({
      crop: true,
      margins: { top: { unit: '%', value: 5 }, right: { unit: '%', value: 5 }, bottom: { unit: '%', value: 5 }, left: { unit: 'px', value: 12 } },
      shadow: { opacity: 0.4, lightSize: 0.6, light: { x: 0.5, y: -1, z: 1.2 } },
    });
  });

  test.each([
    ['JSON', json],
    ['multipart', multipart],
  ])('generate-background, as %s', (_, encode) => {
    expect(parseGenerateBackgroundRequest(encode(generateBackground), origin).options).toEqual({
      transform: { scale: 0.5, xCenter: 0.4, yCenter: 0.5 },
      prompt: 'a sunny kitchen',
      negativePrompt: ['people', 'text'],
      seed: 42,
    });
  });

  test('video and try-on', () => {
    expect(parseVideoRequest(json(video), origin).options).toEqual({ backgroundColor: 'transparent', outputFormat: 'gif' });
    const request = parseTryOnRequest(multipart(tryOn), origin);
    expect(request.garment).toMatchObject({ kind: 'file', field: 'garment_image' });
    expect(request.options).toEqual({ garmentMode: 'upper', preprocessGarment: true, removeBackground: false, waitForResult: false });
  });

  test('the job view is the client\'s Job', () => {
    expectTypeOf<Job>().toEqualTypeOf<JobView>();
  });
});

describe('multipart text is read as the schema expects', () => {
  test('a text field keeps "true" as text; a file wins over its URL field', () => {
    const fields = multipart({ image: new Blob(['x']), image_url: 'not even a URL', prompt: 'true', seed: '7' });
    const request = parseGenerateBackgroundRequest(fields, origin);
    expect(request.options).toMatchObject({ prompt: 'true', seed: 7 });
    expect(request.input).toMatchObject({ kind: 'file', field: 'image' });
  });

  test('shadow "true" is the automatic shadow; a shadow that is not JSON is refused', () => {
    expect(parseRemoveBackgroundRequest(multipart({ image_url: '/a.png', shadow: true }), origin).options.shadow).not.toBeNull();
    expect(failure(() => parseRemoveBackgroundRequest(multipart({ image_url: '/a.png', shadow: 'soft' }), origin))).toMatchObject({
      code: 'invalid_parameter',
      message: 'shadow must be true, false or an object; got "soft"',
    });
  });
});

describe('errors name the field', () => {
  test.each([
    [{ shadow: { opacity: 0.3 } }, 'missing_parameter', 'shadow.enabled is required'],
    [{ shadow: { enabled: 'yes' } }, 'invalid_parameter', 'shadow.enabled must be true or false; got "yes"'],
    [{ shadow: { enabled: true, light_source: { position: { x: 2 } } } }, 'invalid_parameter', 'shadow.light_source.position.x must be between -1 and 1; got 2'],
    [{ shadow: [1] }, 'invalid_parameter', 'shadow must be true, false or an object; got Array'],
    [{ margin: '50%' }, 'invalid_parameter', 'margin must look like "10%" (at most 49%) or "24px"; got "50%"'],
    [{ format: 'jpg' }, 'invalid_parameter', 'format must be one of png; got "jpg"'],
  ])('remove-background %j', (body, code, message) => {
    expect(failure(() => parseRemoveBackgroundRequest(json({ image_url: '/a.png', ...body }), origin))).toEqual({ code, message });
  });

  test('null is absent, at any depth', () => {
    const body = { image_url: '/a.png', crop: null, shadow: { enabled: true, opacity: null, light_source: null } };
    expect(parseRemoveBackgroundRequest(json(body), origin).options).toMatchObject({ crop: false, shadow: { opacity: 0.5 } });
    expect(failure(() => parseRemoveBackgroundRequest(json({ image_url: null }), origin)).code).toBe('missing_parameter');
  });

  test('a missing required field', () => {
    expect(failure(() => parseVideoRequest(json({ output_format: 'gif' }), origin))).toEqual({
      code: 'missing_parameter',
      message: 'video_url is required',
    });
  });
});
