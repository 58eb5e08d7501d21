// Sample files that ship with the app (public/samples/), so the studio and
// the API playground can be tried without one's own image at hand.
export const SAMPLE_IMAGE = '/samples/sneaker.png';
export const SAMPLE_VIDEO = '/samples/clip.mp4';

/** The sample as a File, as if the user had picked it. */
export async function sampleFile(path: string): Promise<File> {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`the sample ${path} is missing (${response.status})`);
  const blob = await response.blob();
  return new File([blob], path.split('/').pop() ?? 'sample', { type: blob.type });
}
