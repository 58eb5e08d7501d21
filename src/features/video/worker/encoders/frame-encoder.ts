// What the pipeline hands finished frames to. Two implementations:
// WebCodecs + mediabunny, and ffmpeg.wasm (encoder-plan.ts says which).

export interface CompositedFrame {
  /** Straight RGBA, the encoder's width × height. Opaque unless the output keeps alpha. */
  pixels: Uint8ClampedArray;
  /** Seconds from the start of the clip. */
  timestamp: number;
  duration: number;
}

export interface FrameEncoder {
  /** Resolves once the encoder can take the next frame (its backpressure). */
  add(frame: CompositedFrame): Promise<void>;
  /** Flushes, muxes (with the source's audio where the container allows) and returns the file. */
  finish(): Promise<Blob>;
  /** Releases whatever the encoder holds, after a failure. */
  abort(): void;
}
