// How a try-on job is named and described in words: its label, its download
// name, the garment's kind, its options in short, and its error without the
// API's field names.
import { fileStem } from '../../../ui/download';
import type { TryOnJob } from '../shared/jobs';
import type { GarmentKind, GarmentMode } from '../shared/meta';

/** A kind as the page names it: "Read as: Dress", the kind control's buttons. */
export const KIND_LABELS: Record<GarmentKind, string> = { upper: 'Top', lower: 'Bottom', full: 'Dress' };

/** A kind in a sentence: "Dressed as a dress". */
export const KIND_NOUNS: Record<GarmentKind, string> = { upper: 'a top', lower: 'a bottom', full: 'a dress' };

/** A mode on its button: "Auto (dress)" once the garment has been read as one, else "Auto". */
export function modeLabel(mode: GarmentMode, read?: GarmentKind): string {
  if (mode !== 'auto') return KIND_LABELS[mode];
  return read ? `Auto (${KIND_LABELS[read].toLowerCase()})` : 'Auto';
}

/** The kind a completed job dressed: what it kept, or (for a job completed before it kept one) the mode it was asked for. */
export function kindUsed(job: TryOnJob): GarmentKind | null {
  const asked = job.request.options.garmentMode;
  return job.outcome?.garmentKind ?? (asked === 'auto' ? null : asked);
}

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
  const mode = garmentMode === 'auto' ? 'Auto kind' : `As ${KIND_NOUNS[garmentMode]}`;
  return [mode, preprocessGarment ? 'garment cut out' : 'garment as is', removeBackground && 'transparent'].filter(Boolean).join(' · ');
}

const FIELD_NAMES: Record<string, string> = { person_image: 'the person photo', garment_image: 'the garment photo' };

/** "person_image: no person was found" → "The person photo: no person was found". */
export function plainError(message: string): string {
  return message.replace(/\b(person_image|garment_image)\b/g, (field) => FIELD_NAMES[field]);
}
