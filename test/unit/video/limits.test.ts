import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import { checkVideoLimits } from '../../../src/features/video/shared/limits';

function refusal(probe: { durationSeconds: number; width: number; height: number }): ApiError | null {
  try {
    checkVideoLimits(probe);
    return null;
  } catch (error) {
    return error as ApiError;
  }
}

describe('checkVideoLimits (60 s, 64–4096 px a side)', () => {
  test('a clip inside every limit passes, the limits themselves included', () => {
    expect(refusal({ durationSeconds: 60, width: 4096, height: 64 })).toBeNull();
  });

  test('longer than 60 s is invalid_parameter and says the limit', () => {
    const error = refusal({ durationSeconds: 61.5, width: 640, height: 360 });
    expect(error).toMatchObject({ code: 'invalid_parameter', status: 400 });
    expect(error?.message).toBe('the video is 61.5 s long; the limit is 60 s');
  });

  test('wider or taller than 4096 px is resolution_too_high and says the limit', () => {
    const error = refusal({ durationSeconds: 5, width: 640, height: 4097 });
    expect(error).toMatchObject({ code: 'resolution_too_high' });
    expect(error?.message).toBe('the video is 640×4097 px; the limit is 4096 px a side');
  });

  test('under 64 px a side is invalid_parameter and says the minimum', () => {
    const error = refusal({ durationSeconds: 5, width: 63, height: 200 });
    expect(error).toMatchObject({ code: 'invalid_parameter' });
    expect(error?.message).toBe('the video is 63×200 px; the minimum is 64 px a side');
  });
});
