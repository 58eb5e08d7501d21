// Which container a video file is, from its first bytes: checked in the
// service worker before a job is queued, so a text file is a 400, not a job.

export type VideoContainer = 'mp4' | 'mov' | 'webm' | 'mkv' | 'avi' | 'ogg' | 'flv' | 'gif';

export const ACCEPTED_CONTAINERS: readonly VideoContainer[] = ['mp4', 'mov', 'webm', 'mkv'];

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

/** The container, or null when the bytes are no video we recognise. */
export function sniffContainer(bytes: Uint8Array): VideoContainer | null {
  if (bytes.length >= 12 && ascii(bytes, 4, 4) === 'ftyp') return ascii(bytes, 8, 2) === 'qt' ? 'mov' : 'mp4';
  // QuickTime files may start with other atoms before ftyp (or have none).
  if (bytes.length >= 8 && ['moov', 'mdat', 'wide', 'free', 'skip'].includes(ascii(bytes, 4, 4))) return 'mov';
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    const head = ascii(bytes, 0, Math.min(bytes.length, 64));
    return head.includes('webm') ? 'webm' : 'mkv';
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'AVI ') return 'avi';
  if (bytes.length >= 4 && ascii(bytes, 0, 4) === 'OggS') return 'ogg';
  if (bytes.length >= 3 && ascii(bytes, 0, 3) === 'FLV') return 'flv';
  if (bytes.length >= 4 && ascii(bytes, 0, 4) === 'GIF8') return 'gif';
  return null;
}
