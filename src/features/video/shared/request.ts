// Reads a video job request: the wire schema checks every field (wire.ts);
// this adds the defaults and the rules between fields (docs/api.md). No I/O.
import { ApiError } from '../../../api/errors';
import { readFields, type RequestFields } from '../../../api/fields';
import { parseInputUrl } from '../../../api/input';
import { VIDEO_FORMATS, type BackgroundColor, type VideoOptions } from './meta';
import { videoJobBody } from './wire';

export interface VideoRequest {
  videoUrl: URL;
  options: VideoOptions;
}

/** #rgb → #rrggbb, lower case. */
function normaliseColor(value: BackgroundColor): BackgroundColor {
  if (value === 'transparent') return value;
  const hex = value.slice(1).toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
}

export function parseVideoRequest(fields: RequestFields, origin: string): VideoRequest {
  const body = readFields(videoJobBody, fields);
  const videoUrl = parseInputUrl(body.video_url, 'video_url', origin);
  const backgroundColor = normaliseColor(body.background_color ?? '#000000');
  const outputFormat = body.output_format ?? (backgroundColor === 'transparent' ? 'webm_vp9' : 'mp4_h264');
  if (backgroundColor === 'transparent' && !VIDEO_FORMATS[outputFormat].alpha) {
    throw new ApiError(
      'invalid_parameter',
      `background_color "transparent" needs an output_format that holds alpha (webm_vp9, mov_proresks or gif); got ${outputFormat}`,
    );
  }
  return { videoUrl, options: { backgroundColor, outputFormat } };
}
