// What the browser can tell about a chosen video before it is queued: its
// length and size, checked against the contract's limits so a job that would
// fail is refused at once, with the reason.
import { videoMeta } from '../shared/meta';

export interface VideoFacts {
  durationSeconds: number;
  width: number;
  height: number;
}

/** Reads duration and frame size from the file's metadata; null when this browser cannot. */
export function readVideoFacts(url: string): Promise<VideoFacts | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => resolve({ durationSeconds: video.duration, width: video.videoWidth, height: video.videoHeight });
    video.onerror = () => resolve(null);
    video.src = url;
  });
}

/** Why this video cannot be processed, or null when it can (or when nothing is known). */
export function videoProblem(file: File, facts: VideoFacts | null): string | null {
  const { maxBytes, maxSeconds, minSide, maxSide } = videoMeta.limits;
  if (file.size > maxBytes) return `The video is ${Math.round(file.size / 1e6)} MB; the limit is ${maxBytes / 1e6} MB.`;
  if (!facts) return null;
  if (Number.isFinite(facts.durationSeconds) && facts.durationSeconds > maxSeconds) {
    return `The video is ${facts.durationSeconds.toFixed(1)} s long; the limit is ${maxSeconds} s.`;
  }
  const { width, height } = facts;
  if (width && height && (width > maxSide || height > maxSide)) return `The video is ${width} × ${height} px; the limit is ${maxSide} px a side.`;
  if (width && height && (width < minSide || height < minSide)) return `The video is ${width} × ${height} px; the minimum is ${minSide} px a side.`;
  return null;
}
