// The Web Share Target (manifest.webmanifest's share_target): Android's share
// sheet POSTs the shared photos here as multipart/form-data, as a navigation.
// The service worker keeps the images in an inbox in Cache Storage (a Response
// holds bytes as they are, in every engine, so nothing here stores a Blob in
// IndexedDB) under a fresh token, and answers 303 to the Studio with the token
// in the query. The Studio (features/studio/client/share-inbox.ts) takes the
// token's files once, queues them like dropped ones and empties its entries.
// A share it cannot read, or one without an image, still lands on the Studio,
// with no token: nothing to pick up, and never an error page.
//
// The inbox itself is src/store/share-inbox.ts, which the Studio reads too.
import { putShared, SHARE_TOKEN_PARAM } from '../store/share-inbox';

/** The share_target's action: a POST here is a share. */
export const SHARE_ACTION = '/share-target';
/** The form field the manifest names for the shared files. */
export const SHARE_FILES_FIELD = 'images';
/** Where the share lands: the Studio, with `?share=<token>` when there is something to pick up. */
export const SHARE_LANDING = '/';

export function isShare(request: Request, url: URL): boolean {
  return request.method === 'POST' && url.pathname === SHARE_ACTION;
}

/** The shared files worth keeping: images with bytes (a form with an empty file input sends an empty part). */
async function sharedImages(request: Request): Promise<File[]> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    // Not multipart (nor a urlencoded form): a share with nothing in it.
    return [];
  }
  return form.getAll(SHARE_FILES_FIELD).filter((value): value is File => typeof value !== 'string' && value.size > 0 && value.type.startsWith('image/'));
}

function landing(origin: string, token: string | null): string {
  const url = new URL(SHARE_LANDING, origin);
  if (token) url.searchParams.set(SHARE_TOKEN_PARAM, token);
  return url.href;
}

/** Keeps a share's images in the inbox and sends the browser on to the Studio (303: a GET, not the POST again). */
export async function receiveShare(request: Request, origin: string, now: number): Promise<Response> {
  let token: string | null = null;
  try {
    const files = await sharedImages(request);
    if (files.length) token = await putShared(files, origin, now);
  } catch (error) {
    // Storage full or refused: the share is lost, but the app still opens.
    console.warn('A shared photo could not be kept', error);
    token = null;
  }
  return Response.redirect(landing(origin, token), 303);
}
