// Images opened with the installed app ("Open with" on a desktop, from the
// manifest's file_handlers): the browser queues them on window.launchQueue for
// the document it opens at the handler's action, the Studio. Where there is no
// launchQueue (any browser without file handling) nothing happens: the
// feature is detected, never the browser.
//
// The consumer is set once per document, since launchQueue hands each launch
// to whichever consumer is set; it passes the files to the Studio shown now,
// or keeps them until one is.

/** What the browser gives the consumer: the opened files as handles. */
interface LaunchParams {
  readonly files?: readonly FileSystemHandle[];
}

interface LaunchQueue {
  setConsumer(consumer: (params: LaunchParams) => void): void;
}

type Listener = (files: File[]) => void;

let listener: Listener | null = null;
let waiting: File[][] = [];
let consuming = false;

function launchQueue(): LaunchQueue | undefined {
  return (window as Window & { launchQueue?: LaunchQueue }).launchQueue;
}

const isFile = (handle: FileSystemHandle): handle is FileSystemFileHandle => handle.kind === 'file';

async function receive(params: LaunchParams): Promise<void> {
  const handles = (params.files ?? []).filter(isFile);
  if (!handles.length) return;
  const files = await Promise.all(handles.map((handle) => handle.getFile()));
  if (listener) listener(files);
  else waiting.push(files);
}

/** Calls `next` with the files of every launch, those that came before it first; the answer stops it. */
export function onLaunchFiles(next: Listener): () => void {
  listener = next;
  const queue = launchQueue();
  if (!consuming && queue) {
    consuming = true;
    queue.setConsumer((params) => {
      receive(params).catch((error: unknown) => console.warn('A file the app was opened with could not be read', error));
    });
  }
  const earlier = waiting;
  waiting = [];
  for (const files of earlier) next(files);
  return () => {
    if (listener === next) listener = null;
  };
}
