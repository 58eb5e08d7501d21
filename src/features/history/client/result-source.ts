// Where a stored result came from, in words: the studio, the video page, or
// a call to the API with a named key.
import type { ResultRecord } from '../../../store/schema';

export interface ResultSource {
  label: string;
  kind: 'app' | 'api';
}

export function resultSource(record: Pick<ResultRecord, 'route' | 'keyId'>, keyNames: ReadonlyMap<string, string>): ResultSource {
  if (record.keyId === null) return { label: record.route === 'studio' ? 'Studio' : 'Video page', kind: 'app' };
  const name = keyNames.get(record.keyId);
  return { label: name ? `API · ${name}` : 'API', kind: 'api' };
}

export function isVideo(record: Pick<ResultRecord, 'contentType'>): boolean {
  return record.contentType.startsWith('video/');
}
