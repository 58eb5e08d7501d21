// Photos shared into the app (Android's share sheet): the service worker
// (src/sw/share-target.ts) keeps them in the inbox (src/store/share-inbox.ts)
// and sends the browser to the Studio with `?share=<token>`. Here the Studio
// takes the token out of the address and that token's files out of the inbox.
import { appClock } from '../../../store/clock';
import { SHARE_TOKEN_PARAM, takeShared } from '../../../store/share-inbox';

/** The share's token, taken out of the address so that a reload or a bookmark does not ask for it again. */
export function takeShareToken(): string | null {
  const url = new URL(location.href);
  const token = url.searchParams.get(SHARE_TOKEN_PARAM);
  if (token === null) return null;
  url.searchParams.delete(SHARE_TOKEN_PARAM);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return token;
}

/** Hands the files shared under `token` to `take`, once: they leave the inbox whatever `take` does. */
export async function pickUpShare(token: string, take: (files: File[]) => Promise<void>): Promise<void> {
  if (!('caches' in window)) return;
  const files = await takeShared(token, appClock.now());
  if (files.length) await take(files);
}
