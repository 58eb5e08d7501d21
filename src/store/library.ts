// The library's records, built the one way: a new item from the result that
// made it. Results kept in the library never expire.
import type { LibraryKind, LibraryVersion, NewLibraryItem, ResultRecord } from './schema';

/** A kept result's lifetime: it lives until the user deletes its library item. */
export const KEPT = Number.POSITIVE_INFINITY;

/** Long side of library thumbnails: sharp at 2× in a 120 px grid cell. */
export const THUMB_SIDE = 240;

export interface KeepAs {
  kind: LibraryKind;
  name: string;
  source?: Blob;
  thumb?: Blob;
  batchId?: string;
}

/** A result as one version of a library item. */
export function versionOf(result: ResultRecord, made: LibraryVersion['made'], now: number): LibraryVersion {
  return { resultId: result.id, ext: result.ext, contentType: result.contentType, width: result.width, height: result.height, createdAt: now, made };
}

export function libraryItem(id: string, result: ResultRecord, keep: KeepAs, now: number): NewLibraryItem {
  return {
    id,
    name: keep.name,
    kind: keep.kind,
    createdAt: now,
    updatedAt: now,
    versions: [versionOf(result, 'engine', now)],
    source: keep.source,
    thumb: keep.thumb,
    bytes: result.blob.size + (keep.source?.size ?? 0),
    batchId: keep.batchId,
  };
}

export function isKept(result: Pick<ResultRecord, 'expiresAt'>): boolean {
  return result.expiresAt === KEPT;
}
