// Content negotiation for the Accept header: which of the media types a route
// can produce the client prefers. Ties go to the route's first (default) type.
import { ApiError } from './errors';

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

function parseAccept(header: string): MediaRange[] {
  return header
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [range, ...params] = part.split(';').map((p) => p.trim());
      const [type = '', subtype = '*'] = range.toLowerCase().split('/');
      const qParam = params.find((p) => p.toLowerCase().startsWith('q='));
      const q = qParam ? Number(qParam.slice(2)) : 1;
      return { type, subtype, q: Number.isFinite(q) ? q : 0 };
    });
}

function specificity(range: MediaRange, type: string, subtype: string): number {
  if (range.type === type && range.subtype === subtype) return 3;
  if (range.type === type && range.subtype === '*') return 2;
  if (range.type === '*' && range.subtype === '*') return 1;
  return 0;
}

/** The q value the Accept header gives one media type: that of its most specific matching range. */
function qualityOf(ranges: MediaRange[], mediaType: string): number {
  const [type, subtype] = mediaType.split('/');
  let best = { specificity: 0, q: 0 };
  for (const range of ranges) {
    const s = specificity(range, type, subtype);
    if (s > best.specificity) best = { specificity: s, q: range.q };
  }
  return best.q;
}

/**
 * Picks the media type to answer with, or throws 406 when the header names none of them.
 * @param produces the route's media types, default first
 */
export function negotiate(acceptHeader: string | null, produces: readonly string[]): string {
  if (!acceptHeader || acceptHeader.trim() === '') return produces[0];
  const ranges = parseAccept(acceptHeader);
  let chosen: string | undefined;
  let chosenQ = 0;
  for (const mediaType of produces) {
    const q = qualityOf(ranges, mediaType);
    if (q > chosenQ) {
      chosen = mediaType;
      chosenQ = q;
    }
  }
  if (!chosen) {
    throw new ApiError('not_acceptable', `Accept "${acceptHeader}" names nothing this route returns (${produces.join(', ')})`);
  }
  return chosen;
}
