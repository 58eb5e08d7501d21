// Reads a video job request; every rule of API.md, no I/O.
import { ApiError } from '../../../api/errors';
import { optionalEnum, optionalString, requireString, type RequestFields } from '../../../api/fields';
import { parseInputUrl } from '../../../api/input';
import { OUTPUT_FORMATS, VIDEO_FORMATS, type BackgroundColor, type VideoOptions } from './meta';

const COLOR_PATTERN = /^(transparent|#[0-9A-Fa-f]{3}|#[0-9A-Fa-f]{6})$/;

export interface VideoRequest {
  videoUrl: URL;
  options: VideoOptions;
}

/** #rgb → #rrggbb, lower case. */
function normaliseColor(value: string): BackgroundColor {
  if (value === 'transparent') return value;
  const hex = value.slice(1).toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
}

export function parseVideoRequest(fields: RequestFields, origin: string): VideoRequest {
  const videoUrl = parseInputUrl(requireString(fields, 'video_url'), 'video_url', origin);
  const colorText = optionalString(fields, 'background_color') ?? '#000000';
  if (!COLOR_PATTERN.test(colorText)) {
    throw new ApiError('invalid_parameter', `background_color must be "transparent", #rgb or #rrggbb; got "${colorText}"`);
  }
  const backgroundColor = normaliseColor(colorText);
  const requested = optionalEnum(fields, 'output_format', OUTPUT_FORMATS);
  const outputFormat = requested ?? (backgroundColor === 'transparent' ? 'webm_vp9' : 'mp4_h264');
  if (backgroundColor === 'transparent' && !VIDEO_FORMATS[outputFormat].alpha) {
    throw new ApiError(
      'invalid_parameter',
      `background_color "transparent" needs an output_format that holds alpha (webm_vp9, mov_proresks or gif); got ${outputFormat}`,
    );
  }
  return { videoUrl, options: { backgroundColor, outputFormat } };
}
