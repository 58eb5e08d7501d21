// How the image routes answer: `{ result_url }` by default, or the bytes
// themselves when Accept asked for an image.
import type { ApiContext } from './context';
import { jsonResponse } from './respond';
import { resultPath } from './results';
import type { ResultRecord } from '../store/schema';

export function resultUrl(context: Pick<ApiContext, 'url'>, record: Pick<ResultRecord, 'id' | 'ext'>): string {
  return new URL(resultPath(record), context.url.origin).href;
}

export function imageResultResponse(context: ApiContext, record: ResultRecord, headers: Record<string, string> = {}): Response {
  const url = resultUrl(context, record);
  const common = { ...headers, 'X-Result-Url': url, 'X-Result-Expires': new Date(record.expiresAt).toISOString() };
  if (context.responseType.startsWith('image/')) {
    return new Response(record.blob, {
      status: 200,
      headers: { ...common, 'Content-Type': record.contentType, 'Cache-Control': 'no-store' },
    });
  }
  return jsonResponse({ result_url: url }, 200, common);
}
