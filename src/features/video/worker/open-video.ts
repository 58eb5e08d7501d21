// Opening a video file with mediabunny (demuxing only: no decoder is needed,
// so this also runs where WebCodecs does not). Whatever the container refuses
// becomes a 400 that says what is wrong with the file.
import { ALL_FORMATS, BlobSource, Input, UnsupportedInputFormatError, type InputAudioTrack, type InputVideoTrack } from 'mediabunny';
import { ApiError } from '../../../api/errors';

export interface OpenedVideo {
  input: Input;
  video: InputVideoTrack;
  audio: InputAudioTrack | null;
}

/** An error while reading the file, as the 400 it is. */
export function unreadable(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof UnsupportedInputFormatError) {
    return new ApiError('malformed_image', 'the file is not a video in a container we read (MP4, MOV, WebM or MKV)');
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new ApiError('malformed_image', `the video could not be read: it is truncated or corrupt (${reason})`);
}

export async function openVideo(blob: Blob): Promise<OpenedVideo> {
  if (blob.size === 0) throw new ApiError('malformed_image', 'the video is empty (0 bytes)');
  const input = new Input({ source: new BlobSource(blob), formats: ALL_FORMATS });
  try {
    await input.getFormat();
    const video = await input.getPrimaryVideoTrack();
    if (!video) {
      if ((await input.getAudioTracks()).length > 0) throw new ApiError('malformed_image', 'the file has no video track: it holds audio only');
      // A container with no tracks at all has lost its index: an MP4 or MOV cut
      // short before its moov box, mostly.
      throw new ApiError('malformed_image', 'the video has no tracks: the file is truncated or corrupt');
    }
    return { input, video, audio: await input.getPrimaryAudioTrack() };
  } catch (error) {
    input.dispose();
    throw unreadable(error);
  }
}
