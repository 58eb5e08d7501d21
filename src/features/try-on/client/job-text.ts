// How a try-on job is named and described in words: its label, its download
// name, its options in short, and its error without the API's field names.
import { fileStem } from '../../../ui/download';
import type { TryOnJob } from '../shared/jobs';
import type { GarmentMode } from '../shared/meta';

export const MODE_LABELS: Record<GarmentMode, string> = { auto: 'Auto', upper: 'Top', lower: 'Bottom', full: 'Full' };

/** "Ada in sweater": what the job is called in the list and its download. */
export function jobLabel(personName: string, garmentName: string): string {
  return `${personName} in ${garmentName}`;
}

export function downloadName(job: TryOnJob): string {
  const stem = fileStem(job.request.label).replace(/\s+/g, '-');
  return `${stem}-try-on.${job.resultExt ?? 'jpg'}`;
}

export function optionsSummary(job: TryOnJob): string {
  const { garmentMode, preprocessGarment, removeBackground } = job.request.options;
  const mode = garmentMode === 'auto' ? 'Auto fit' : `${MODE_LABELS[garmentMode]} garment`;
  return [mode, preprocessGarment ? 'garment cut out' : 'garment as is', removeBackground && 'transparent'].filter(Boolean).join(' · ');
}

const FIELD_NAMES: Record<string, string> = { person_image: 'the person photo', garment_image: 'the garment photo' };

/** "person_image: no person was found" → "The person photo: no person was found". */
export function plainError(message: string): string {
  return message.replace(/\b(person_image|garment_image)\b/g, (field) => FIELD_NAMES[field]);
}
