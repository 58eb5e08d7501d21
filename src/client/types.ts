// The /v1 wire format, in snake_case as the API takes and returns it. Enums
// come from the features' declarations, so they cannot drift from the server.
import type { ErrorCode, JobErrorCode } from '../api/errors';
import type { Scene } from '../features/generate-background/shared/meta';
import type { GarmentMode } from '../features/try-on/shared/meta';
import type { OutputFormat } from '../features/video/shared/meta';

export type { OutputFormat, Scene, GarmentMode };

/** "N%" (0–49, of the input's size) or "Npx". */
export type Margin = `${number}%` | `${number}px`;

export interface ShadowSettings {
  enabled: boolean;
  /** 0–1, default 0.5. */
  opacity?: number;
  light_source?: {
    /** 0–1, default 0.3: bigger is a softer penumbra. */
    size?: number;
    /** x, y in [-1, 1] from the image centre; z in [0, 2], the light's height. */
    position?: { x?: number; y?: number; z?: number };
  };
}

/** An image is a URL (http(s), same-origin path, data: URL, result URL) or, sent as multipart, a Blob. */
export interface RemoveBackgroundBody {
  image_url?: string;
  image?: Blob;
  format?: 'png';
  crop?: boolean;
  margin?: Margin;
  margin_left?: Margin;
  margin_right?: Margin;
  margin_top?: Margin;
  margin_bottom?: Margin;
  shadow?: boolean | ShadowSettings;
}

export interface GenerateBackgroundBody {
  image_url?: string;
  image?: Blob;
  image_transform?: { scale?: number; x_center?: number; y_center?: number };
  scene?: Scene;
  prompt?: string;
  negative_prompt?: string;
  seed?: number;
}

export interface VideoJobBody {
  video_url: string;
  background_color?: 'transparent' | `#${string}`;
  output_format?: OutputFormat;
}

export interface TryOnBody {
  person_image_url?: string;
  garment_image_url?: string;
  person_image?: Blob;
  garment_image?: Blob;
  garment_mode?: GarmentMode;
  preprocess_garment?: boolean;
  remove_background?: boolean;
  wait_for_result?: boolean;
}

export interface ImageResult {
  result_url: string;
}

export interface JobAccepted {
  job_id: string;
}

export type JobStatus = 'pending' | 'running' | 'completed' | 'failed';

export interface Job {
  job_id: string;
  status: JobStatus;
  /** 0–1. */
  progress: number;
  /** Only when completed. */
  result_url?: string;
  /** Only when failed. */
  error?: { message: string; error_code: JobErrorCode };
}

export interface Credits {
  /** null: the key has no limit. */
  credits_remaining: number | null;
  credits_used: number;
  credits_budget: number | null;
}

export interface ErrorBody {
  error: string;
  error_code: ErrorCode;
}
