// A batch's cut-outs as the entries of one ZIP, made one at a time as the ZIP
// writer asks for them, each finished with its own options (or the batch's),
// named after its file (`shoe.jpg` → `shoe.png`).
import type { EngineHost } from '../../../engine/host';
import type { ZipEntry } from '../../../ui/zip';
import { zipEntryNames } from '../../../ui/zip-names';
import type { BatchItem } from './batch';
import { cutoutBlob } from './stored-batches';
import { EXPORT_TYPES, exportImage, type ExportFormat } from './export-image';
import { engineOptions, type StudioOptions } from './studio-options';

export interface BatchExport {
  format: ExportFormat;
  /** Long side in pixels, or null for the full size. */
  maxSide: number | null;
}

export async function* batchZipEntries(
  engine: EngineHost,
  items: readonly BatchItem[],
  finishOf: (item: BatchItem) => StudioOptions,
  settings: BatchExport,
  onProgress: (done: number) => void,
): AsyncGenerator<ZipEntry> {
  const names = zipEntryNames(
    items.map((item) => item.fileName),
    () => EXPORT_TYPES[settings.format].extension,
  );
  for (const [index, item] of items.entries()) {
    const blob = item.cutout && (await cutoutBlob(item.cutout.resultId));
    if (!item.cutout || !blob) continue;
    const finish = finishOf(item);
    const cutout = { blob, url: '', width: item.cutout.width, height: item.cutout.height };
    const image = await exportImage(engine, cutout, engineOptions(finish), finish.background, settings.format, settings.maxSide);
    yield { name: names[index], blob: image.blob, lastModified: new Date(item.doneAt ?? Date.now()) };
    onProgress(index + 1);
  }
}
