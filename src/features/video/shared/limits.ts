// The contract's video limits (docs/api.md: 60 s, 64–4096 px a side), checked
// against what the container says before any frame is decoded.
import { ApiError } from '../../../api/errors';
import { videoMeta } from './meta';
import type { VideoProbe } from './output';

const { maxSeconds, maxSide, minSide } = videoMeta.limits;

export function checkVideoLimits(probe: Pick<VideoProbe, 'durationSeconds' | 'width' | 'height'>): void {
  const { durationSeconds, width, height } = probe;
  if (durationSeconds > maxSeconds) {
    throw new ApiError('invalid_parameter', `the video is ${durationSeconds.toFixed(1)} s long; the limit is ${maxSeconds} s`);
  }
  if (width > maxSide || height > maxSide) {
    throw new ApiError('resolution_too_high', `the video is ${width}×${height} px; the limit is ${maxSide} px a side`);
  }
  if (width < minSide || height < minSide) {
    throw new ApiError('invalid_parameter', `the video is ${width}×${height} px; the minimum is ${minSide} px a side`);
  }
}
