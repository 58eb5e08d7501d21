// The manifest's ways into the app from outside it: the share target (Android's
// share sheet posts photos to the service worker) and the file handlers
// ("Open with" on a desktop, through window.launchQueue on the Studio). Their
// actions must be the paths the service worker and the Studio handle, and a
// share must reach the Studio once: the service worker keeps it in the inbox
// (store/share-inbox.ts) and sends the browser on, the Studio takes it out.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { pages as studioPages } from '../../../src/features/studio/client/page';
import { IMAGE_TYPES } from '../../../src/features/studio/client/usePasteImages';
import { SHARE_INBOX_CACHE, SHARE_TOKEN_PARAM, takeShared } from '../../../src/store/share-inbox';
import * as swSide from '../../../src/sw/share-target';

interface Manifest {
  scope: string;
  share_target: {
    action: string;
    method: string;
    enctype: string;
    params: { files: { name: string; accept: string[] }[] };
  };
  file_handlers: { action: string; accept: Record<string, string[]> }[];
  launch_handler: { client_mode: string | string[] };
}

const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'public', 'manifest.webmanifest'), 'utf8')) as Manifest;
const studioPath = studioPages[0].path;

const EXTENSIONS: Record<string, string[]> = { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'], 'image/webp': ['.webp'] };

describe('share_target', () => {
  const share = manifest.share_target;

  test('posts multipart files to the action the service worker answers, inside the scope', () => {
    expect(share.method).toBe('POST');
    expect(share.enctype).toBe('multipart/form-data');
    expect(share.action).toBe(swSide.SHARE_ACTION);
    expect(share.action.startsWith(manifest.scope)).toBe(true);
    expect(swSide.isShare(new Request(`https://app.test${share.action}`, { method: 'POST' }), new URL(`https://app.test${share.action}`))).toBe(true);
    expect(swSide.isShare(new Request(`https://app.test${share.action}`), new URL(`https://app.test${share.action}`))).toBe(false);
  });

  test('names the field the service worker reads, and accepts the images the Studio takes', () => {
    expect(share.params.files).toHaveLength(1);
    const [files] = share.params.files;
    expect(files.name).toBe(swSide.SHARE_FILES_FIELD);
    for (const type of IMAGE_TYPES) expect(files.accept).toContain(type);
    for (const extension of Object.values(EXTENSIONS).flat()) expect(files.accept).toContain(extension);
    expect(files.accept.filter((type) => type.includes('/')).every((type) => IMAGE_TYPES.includes(type))).toBe(true);
  });

  test('lands on the Studio', () => {
    expect(swSide.SHARE_LANDING).toBe(studioPath);
  });
});

describe('file_handlers and launch_handler', () => {
  test('one handler, on the Studio (which consumes launchQueue), for the image types it takes', () => {
    expect(manifest.file_handlers).toHaveLength(1);
    const [handler] = manifest.file_handlers;
    expect(handler.action).toBe(studioPath);
    expect(Object.keys(handler.accept).sort()).toEqual([...IMAGE_TYPES].sort());
    for (const [type, extensions] of Object.entries(handler.accept)) expect(extensions).toEqual(EXTENSIONS[type]);
  });

  test('a launch opens the Studio anew in a window already open, so its page takes the files', () => {
    const modes = [manifest.launch_handler.client_mode].flat();
    expect(modes[0]).toBe('navigate-existing');
  });
});

/** Cache Storage as the service worker sees it, in memory. */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const entries = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, entries);
    return {
      put: async (url: string, response: Response) => void entries.set(url, response),
      keys: async () => [...entries.keys()].map((url) => new Request(url)),
      match: async (request: Request | string) => entries.get(typeof request === 'string' ? request : request.url)?.clone(),
      delete: async (request: Request | string) => entries.delete(typeof request === 'string' ? request : request.url),
    };
  };
  return { stores, caches: { open } };
}

describe("the service worker's answer to a share", () => {
  const origin = 'https://app.test';
  const realCaches = (globalThis as { caches?: unknown }).caches;
  afterEach(() => {
    (globalThis as { caches?: unknown }).caches = realCaches;
  });

  function share(body: BodyInit, headers: HeadersInit = {}): Request {
    return new Request(`${origin}${swSide.SHARE_ACTION}`, { method: 'POST', body, headers });
  }

  test('keeps the images under a token and sends the browser to the Studio with it (303)', async () => {
    const memory = memoryCaches();
    (globalThis as { caches?: unknown }).caches = memory.caches;
    const form = new FormData();
    form.append(swSide.SHARE_FILES_FIELD, new File([new Uint8Array([1, 2, 3])], 'shoe photo.png', { type: 'image/png' }));
    form.append(swSide.SHARE_FILES_FIELD, new File(['not an image'], 'notes.txt', { type: 'text/plain' }));
    form.append(swSide.SHARE_FILES_FIELD, new File([new Uint8Array([4, 5])], 'bag.jpg', { type: 'image/jpeg' }));

    const answer = await swSide.receiveShare(share(form), origin, 1234);
    expect(answer.status).toBe(303);
    const landing = new URL(answer.headers.get('location')!);
    expect(landing.pathname).toBe(studioPath);
    const token = landing.searchParams.get(SHARE_TOKEN_PARAM);
    expect(token).toBeTruthy();
    expect(memory.stores.get(SHARE_INBOX_CACHE)!.size).toBe(2);

    // The Studio takes the images, in the order shared, with their names and types; once.
    const taken = await takeShared(token!, 2000);
    expect(taken.map((file) => [file.name, file.type])).toEqual([
      ['shoe photo.png', 'image/png'],
      ['bag.jpg', 'image/jpeg'],
    ]);
    expect([...new Uint8Array(await taken[0].arrayBuffer())]).toEqual([1, 2, 3]);
    expect(await takeShared(token!, 2000)).toEqual([]);
    expect(memory.stores.get(SHARE_INBOX_CACHE)!.size).toBe(0);
  });

  test('a share nobody picked up goes a day later, when another is taken', async () => {
    const memory = memoryCaches();
    (globalThis as { caches?: unknown }).caches = memory.caches;
    const form = () => {
      const data = new FormData();
      data.append(swSide.SHARE_FILES_FIELD, new File([new Uint8Array([1])], 'a.png', { type: 'image/png' }));
      return data;
    };
    const day = 24 * 60 * 60 * 1000;
    await swSide.receiveShare(share(form()), origin, 0);
    const fresh = new URL((await swSide.receiveShare(share(form()), origin, day)).headers.get('location')!).searchParams.get(SHARE_TOKEN_PARAM)!;
    expect(await takeShared(fresh, day + 1)).toHaveLength(1);
    expect(memory.stores.get(SHARE_INBOX_CACHE)!.size).toBe(0);
  });

  test('a share with no image, or not multipart at all, still lands on the Studio, with nothing kept', async () => {
    const memory = memoryCaches();
    (globalThis as { caches?: unknown }).caches = memory.caches;
    const empty = new FormData();
    empty.append(swSide.SHARE_FILES_FIELD, new File([], '', { type: 'application/octet-stream' }));
    empty.append('title', 'a link');
    const answers = [
      await swSide.receiveShare(share(empty), origin, 0),
      await swSide.receiveShare(share('{"not":"a form"}', { 'content-type': 'application/json' }), origin, 0),
      await swSide.receiveShare(share('--x\r\nbroken', { 'content-type': 'multipart/form-data; boundary=x' }), origin, 0),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe(`${origin}${studioPath}`);
    }
    expect(memory.stores.get(SHARE_INBOX_CACHE)?.size ?? 0).toBe(0);
  });
});
