// What the video worker functions return. Plain cloneable data: it crosses
// comlink from the engine worker to the page that runs the job.

/** What a video file holds, read from its container without decoding it. */
export interface VideoProbe {
  durationSeconds: number;
  /** Display size: after the container's rotation is applied. */
  width: number;
  height: number;
  frameRate: number;
  /** From the container's packet count; null when it cannot be known without decoding. */
  frameCount: number | null;
  hasAudio: boolean;
  /** Mediabunny's codec name, e.g. "avc", "vp9", "hevc". */
  videoCodec: string;
  audioCodec: string | null;
}

export interface VideoOutput {
  blob: Blob;
  contentType: string;
  extension: string;
  width: number;
  height: number;
  frames: number;
  /** Frames the model ran on (key frames); the others took its mask by motion, or reused it where the picture held still (see VideoMatter). */
  segmentedFrames: number;
  /** Why the model ran, counted by reason (first, interval, edge, disagreement, …): what benches read to see where the model time went. */
  keyReasons: Partial<Record<string, number>>;
  /** Frames whose mask an earlier, interrupted start of the job had stored, taken as they were (0 when it started from the first frame). */
  resumedFrames: number;
  durationSeconds: number;
  /** Which encoder wrote the file, e.g. "webcodecs avc + mediabunny mp4". */
  encoder: string;
  /** Milliseconds spent per stage, summed over frames (stages overlap, so they can add up to more than the wall time). */
  timings: Record<string, number>;
}
