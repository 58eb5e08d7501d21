// The avcC Firefox's H.264 encoder hands out (bytes as Firefox 153 ESR wrote
// them for a 192×144 High-profile stream) is mended to the record the stream's
// own SPS and PPS make; a sound record (Chromium's) is left alone.
import { expect, test } from 'vitest';
import { repairAvcDescription } from '../../../src/features/video/worker/encoders/avc-description';

const bytes = (hex: string) => Uint8Array.from(hex.split(' '), (h) => parseInt(h, 16));
const SPS = '67 64 00 0b ac d9 43 04 e8 40 00 00 03 00 40 07 a1 20 03 c5 0a 65 80';
const PPS = '68 eb e3 cb 22 c0';
const FIREFOX = bytes(`01 64 00 0b 03 01 00 18 67 ${SPS} 01 00 07 68 ${PPS}`);
const SOUND = bytes(`01 64 00 0b ff e1 00 17 ${SPS} 01 00 06 ${PPS}`);

test("Firefox's record loses each doubled header byte and gets its reserved bits", () => {
  expect(repairAvcDescription(FIREFOX)).toEqual(SOUND);
});

test('a sound record, with or without the high-profile tail, is left alone', () => {
  expect(repairAvcDescription(SOUND)).toBeNull();
  expect(repairAvcDescription(Uint8Array.from([...SOUND, 0xfd, 0xf8, 0xf8, 0x00]))).toBeNull();
});

test('the tail after the parameter sets is kept', () => {
  const tail = [0xfd, 0xf8, 0xf8, 0x00];
  expect(repairAvcDescription(Uint8Array.from([...FIREFOX, ...tail]))).toEqual(Uint8Array.from([...SOUND, ...tail]));
});

test('a truncated or unknown record is not touched', () => {
  expect(repairAvcDescription(FIREFOX.subarray(0, 20))).toBeNull();
  expect(repairAvcDescription(bytes('00 64 00 0b ff e1'))).toBeNull();
});
