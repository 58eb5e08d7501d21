// The kinds of work the library holds, in the words the page uses.
import type { LibraryKind } from '../../../store/schema';
import type { IconName } from '../../../ui/components/Icon';

export const KIND_LABELS: Record<LibraryKind, { one: string; many: string; icon: IconName }> = {
  cutout: { one: 'Cut-out', many: 'Cut-outs', icon: 'sparkle' },
  background: { one: 'Background', many: 'Backgrounds', icon: 'image' },
  'try-on': { one: 'Try-on', many: 'Try-ons', icon: 'layers' },
  video: { one: 'Video', many: 'Videos', icon: 'video' },
};

/** Items whose name holds every word of the query, any case; an empty query keeps all. */
export function matchesQuery(name: string, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = name.toLowerCase();
  return words.every((word) => haystack.includes(word));
}
