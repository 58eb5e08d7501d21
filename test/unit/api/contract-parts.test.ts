// The small pure parts of the contract: margins, Accept, routing, rate limits.
import { describe, expect, test } from 'vitest';
import { negotiate } from '../../../src/api/accept';
import { ApiError } from '../../../src/api/errors';
import { marginPixels, parseMargin } from '../../../src/api/margin';
import { checkRate } from '../../../src/api/rate-limit';
import { matchRoute } from '../../../src/api/router';
import { parseVideoRequest } from '../../../src/features/video/shared/request';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as ApiError).code;
  }
  return 'no error';
};

describe('margins', () => {
  test.each([
    ['0%', { unit: '%', value: 0 }],
    ['49%', { unit: '%', value: 49 }],
    ['12.5%', { unit: '%', value: 12.5 }],
    ['0px', { unit: 'px', value: 0 }],
    ['2000px', { unit: 'px', value: 2000 }],
  ])('%s parses', (text, margin) => expect(parseMargin(text, 'margin')).toEqual(margin));

  test.each(['50%', '-1%', '10', 'px', '5 px', '5PX', '', '%'])('%s is invalid_parameter', (text) => {
    expect(code(() => parseMargin(text, 'margin'))).toBe('invalid_parameter');
  });

  test('percent is of the given extent, rounded to a pixel', () => {
    expect(marginPixels({ unit: '%', value: 10 }, 333)).toBe(33);
    expect(marginPixels({ unit: 'px', value: 7 }, 333)).toBe(7);
  });
});

describe('Accept', () => {
  const produces = ['application/json', 'image/png'];
  test.each([
    [null, 'application/json'],
    ['', 'application/json'],
    ['*/*', 'application/json'],
    ['image/*', 'image/png'],
    ['image/png', 'image/png'],
    ['image/webp,image/png;q=0.9,*/*;q=0.8', 'image/png'],
    ['application/json, image/*', 'application/json'],
    ['image/*;q=0.2, application/json;q=0.1', 'image/png'],
  ])('%s → %s', (header, chosen) => expect(negotiate(header, produces)).toBe(chosen));

  test.each(['text/html', 'image/jpeg', 'application/json;q=0'])('%s → 406', (header) => {
    expect(code(() => negotiate(header, produces))).toBe('not_acceptable');
  });
});

describe('routing', () => {
  const routes = [
    { method: 'POST', pattern: '/v1/remove-background' },
    { method: 'GET', pattern: '/v1/video/job/:jobId' },
    { method: 'DELETE', pattern: '/v1/try-on/job/:jobId' },
    { method: 'GET', pattern: '/v1/try-on/job/:jobId' },
  ] as const;

  test('params and trailing slashes', () => {
    expect(matchRoute(routes, 'GET', '/v1/video/job/abc%20d/').params).toEqual({ jobId: 'abc d' });
  });

  test('a known path with the wrong method is 405 with Allow', () => {
    try {
      matchRoute(routes, 'PUT', '/v1/try-on/job/1');
      expect.unreachable();
    } catch (error) {
      expect((error as ApiError).code).toBe('method_not_allowed');
      expect((error as ApiError).headers.Allow).toBe('DELETE, GET');
    }
  });

  test('an unknown path is 404', () => {
    expect(code(() => matchRoute(routes, 'GET', '/v1/video/job/'))).toBe('not_found');
  });
});

describe('rate limit', () => {
  test('N per sliding second, then a Retry-After of the wait', () => {
    let recent: number[] = [];
    for (const t of [0, 100, 200]) {
      const decision = checkRate(recent, t, 3);
      expect(decision.allowed).toBe(true);
      recent = decision.recent;
    }
    const refused = checkRate(recent, 300, 3);
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    expect(checkRate(refused.recent, 1001, 3).allowed).toBe(true);
  });
});

describe('video request', () => {
  const origin = 'http://studio.test';
  const fields = (values: Record<string, unknown>) => ({ source: 'json' as const, values, files: {} });

  test('defaults: black background, mp4_h264', () => {
    expect(parseVideoRequest(fields({ video_url: '/clip.mp4' }), origin).options).toEqual({
      backgroundColor: '#000000',
      outputFormat: 'mp4_h264',
    });
  });

  test('transparent without a format picks webm_vp9', () => {
    expect(parseVideoRequest(fields({ video_url: '/clip.mp4', background_color: 'transparent' }), origin).options.outputFormat).toBe('webm_vp9');
  });

  test.each(['mov_proresks', 'gif', 'webm_vp9'])('transparent with %s is allowed', (format) => {
    expect(parseVideoRequest(fields({ video_url: '/c.mp4', background_color: 'transparent', output_format: format }), origin).options.outputFormat).toBe(format);
  });

  test('#rgb is widened to #rrggbb', () => {
    expect(parseVideoRequest(fields({ video_url: '/c.mp4', background_color: '#0Af' }), origin).options.backgroundColor).toBe('#00aaff');
  });
});
