import { describe, expect, test } from 'vitest';
import { backgroundFill } from '../../../src/features/video/shared/color';

describe('backgroundFill', () => {
  test('transparent keeps the background: no fill', () => {
    expect(backgroundFill('transparent')).toBeNull();
  });

  test('#rrggbb is parsed to bytes, in either case', () => {
    expect(backgroundFill('#000000')).toEqual([0, 0, 0]);
    expect(backgroundFill('#00ff80')).toEqual([0, 255, 128]);
    expect(backgroundFill('#A0B0C0')).toEqual([160, 176, 192]);
  });

  test('anything else is a bug upstream (request.ts normalises #rgb) and throws', () => {
    expect(() => backgroundFill('#abc')).toThrow(/#rrggbb/);
    expect(() => backgroundFill('#gg0000')).toThrow();
  });
});
