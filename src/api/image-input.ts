// An image input, loaded and checked against the contract's limits before any
// work: type by its first bytes, dimensions from its header.
import { ApiError } from './errors';
import { loadInput, type InputLoader, type InputSource } from './input';
import { ACCEPTED_IMAGE_FORMATS, sniffImage, type ImageHeader } from '../imaging/sniff';

export const IMAGE_LIMITS = {
  maxBytes: 25_000_000,
  maxSide: 6000,
  minSide: 64,
} as const;

export interface ImageInput {
  blob: Blob;
  header: ImageHeader;
}

export function checkImageHeader(header: ImageHeader | null, byteLength: number, field: string): ImageHeader {
  if (byteLength === 0) throw new ApiError('malformed_image', `${field}: the image is empty (0 bytes)`);
  if (!header) throw new ApiError('malformed_image', `${field}: the data could not be decoded as an image`);
  if (!ACCEPTED_IMAGE_FORMATS.includes(header.format)) {
    throw new ApiError(
      'unsupported_image_format',
      `${field}: ${header.format.toUpperCase()} images are not supported; use ${ACCEPTED_IMAGE_FORMATS.map((f) => f.toUpperCase()).join(', ')}`,
    );
  }
  const { width, height } = header;
  if (width > IMAGE_LIMITS.maxSide || height > IMAGE_LIMITS.maxSide) {
    throw new ApiError(
      'resolution_too_high',
      `${field}: ${width}×${height} px is over the ${IMAGE_LIMITS.maxSide}×${IMAGE_LIMITS.maxSide} px limit`,
    );
  }
  if (width < IMAGE_LIMITS.minSide || height < IMAGE_LIMITS.minSide) {
    throw new ApiError(
      'invalid_parameter',
      `${field}: ${width}×${height} px is under the ${IMAGE_LIMITS.minSide}×${IMAGE_LIMITS.minSide} px minimum`,
    );
  }
  return header;
}

/** @param signal the caller's: its abort ends a download at once */
export async function readImageInput(source: InputSource, loader: InputLoader, signal?: AbortSignal): Promise<ImageInput> {
  const blob = await loadInput(source, IMAGE_LIMITS.maxBytes, loader, 'image', signal);
  const head = new Uint8Array(await blob.slice(0, 1 << 20).arrayBuffer());
  return { blob, header: checkImageHeader(sniffImage(head), blob.size, source.field) };
}
