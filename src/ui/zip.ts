// Saves many files as one ZIP, streamed: entries are made one at a time as the
// ZIP writer asks for them (client-zip stores, it does not deflate: PNG and
// JPEG are compressed already), so only one image is in memory at once. Where
// the browser can write a file as a stream (the File System Access API), the
// ZIP goes straight to disk; elsewhere it is gathered into a Blob, which
// Chromium keeps on disk when it is large, and downloaded. The ZIP writer is
// loaded with the first ZIP, not with the pages that offer one.
import { downloadBlob } from './download';

export interface ZipEntry {
  name: string;
  blob: Blob;
  lastModified?: Date;
}

interface SavePicker {
  showSaveFilePicker(options: { suggestedName: string; types: { description: string; accept: Record<string, string[]> }[] }): Promise<{
    createWritable(): Promise<WritableStream<Uint8Array>>;
  }>;
}

async function* asZipInputs(entries: AsyncIterable<ZipEntry>) {
  for await (const entry of entries) yield { input: entry.blob, name: entry.name, lastModified: entry.lastModified ?? new Date(), size: entry.blob.size };
}

/**
 * Must be called from the click that asked for it (the save dialog needs the
 * user's gesture): the dialog opens before the first entry is made.
 * Resolves false when the user dismissed the dialog.
 */
export async function saveZip(entries: AsyncIterable<ZipEntry>, fileName: string): Promise<boolean> {
  // Test builds take the download path, which a headless browser can catch.
  const picker = !__TEST_HOOKS__ && 'showSaveFilePicker' in window ? (window as unknown as SavePicker) : null;
  if (picker) {
    let handle;
    try {
      handle = await picker.showSaveFilePicker({ suggestedName: fileName, types: [{ description: 'ZIP archive', accept: { 'application/zip': ['.zip'] } }] });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return false;
      throw error;
    }
    // Loaded after the dialog opened: the dialog needs the user's gesture, which an await before it could outlive.
    const { makeZip } = await import('client-zip');
    await makeZip(asZipInputs(entries)).pipeTo(await handle.createWritable());
    return true;
  }
  const { makeZip } = await import('client-zip');
  const blob = await new Response(makeZip(asZipInputs(entries)), { headers: { 'Content-Type': 'application/zip' } }).blob();
  downloadBlob(blob, fileName);
  return true;
}
