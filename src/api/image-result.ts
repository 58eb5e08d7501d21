// How the image routes answer: `{ result_url }` by default, or the bytes
// themselves when Accept asked for an image.
import type { ApiContext } from './context';
import { jsonResponse } from './respond';
import { resultPath, saveResult } from './results';
import type { ImageOutput } from './tasks';
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

/** Stores an image task's output as the caller's result, then answers with it. */
export async function answerWithImage(
  context: ApiContext,
  output: Pick<ImageOutput, 'blob' | 'contentType' | 'width' | 'height'>,
  result: { ext: string; route: string; lifetimeMs: number },
  headers: Record<string, string> = {},
): Promise<Response> {
  const record = await saveResult(context.deps, {
    blob: output.blob,
    contentType: output.contentType,
    ext: result.ext,
    route: result.route,
    keyId: context.key?.id ?? null,
    lifetimeMs: result.lifetimeMs,
    width: output.width,
    height: output.height,
  });
  return imageResultResponse(context, record, headers);
}
