// Video background removal, declared once: route, formats, limits, cost.

export const videoMeta = {
  id: 'video',
  label: 'Video background removal',
  path: '/v1/video/remove-background',
  jobPaths: ['/v1/video/remove-background/job/:jobId', '/v1/video/job/:jobId'],
  /** One credit per started second of input. */
  costPerSecond: 1,
  resultLifetimeMs: 24 * 60 * 60 * 1000,
  limits: { maxBytes: 100_000_000, maxSeconds: 60, minSide: 64, maxSide: 4096 },
} as const;

export interface VideoFormat {
  container: 'mp4' | 'webm' | 'mov' | 'mkv' | 'gif';
  codec: 'h264' | 'hevc' | 'vp9' | 'prores' | 'gif';
  alpha: boolean;
  extension: string;
  mimeType: string;
  label: string;
}

export const VIDEO_FORMATS = {
  mp4_h264: { container: 'mp4', codec: 'h264', alpha: false, extension: 'mp4', mimeType: 'video/mp4', label: 'MP4 · H.264' },
  mp4_h265: { container: 'mp4', codec: 'hevc', alpha: false, extension: 'mp4', mimeType: 'video/mp4', label: 'MP4 · H.265' },
  webm_vp9: { container: 'webm', codec: 'vp9', alpha: true, extension: 'webm', mimeType: 'video/webm', label: 'WebM · VP9 (alpha)' },
  mov_h265: { container: 'mov', codec: 'hevc', alpha: false, extension: 'mov', mimeType: 'video/quicktime', label: 'MOV · H.265' },
  mov_proresks: { container: 'mov', codec: 'prores', alpha: true, extension: 'mov', mimeType: 'video/quicktime', label: 'MOV · ProRes 4444 (alpha)' },
  mkv_h264: { container: 'mkv', codec: 'h264', alpha: false, extension: 'mkv', mimeType: 'video/x-matroska', label: 'MKV · H.264' },
  mkv_h265: { container: 'mkv', codec: 'hevc', alpha: false, extension: 'mkv', mimeType: 'video/x-matroska', label: 'MKV · H.265' },
  mkv_vp9: { container: 'mkv', codec: 'vp9', alpha: false, extension: 'mkv', mimeType: 'video/x-matroska', label: 'MKV · VP9' },
  gif: { container: 'gif', codec: 'gif', alpha: true, extension: 'gif', mimeType: 'image/gif', label: 'Animated GIF (alpha)' },
} as const satisfies Record<string, VideoFormat>;

export type OutputFormat = keyof typeof VIDEO_FORMATS;
export const OUTPUT_FORMATS = Object.keys(VIDEO_FORMATS) as OutputFormat[];

/** `transparent`, or a colour as #rrggbb. */
export type BackgroundColor = 'transparent' | `#${string}`;

export interface VideoOptions {
  backgroundColor: BackgroundColor;
  outputFormat: OutputFormat;
}

export function videoCost(durationSeconds: number): number {
  return Math.max(1, Math.ceil(durationSeconds - 1e-6)) * videoMeta.costPerSecond;
}
