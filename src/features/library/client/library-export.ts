// Library items as ZIP entries: each item's current version as it is stored,
// under the item's name (`shoe` → `shoe.png`, a second `shoe` → `shoe (2).png`).
import type { LibraryItem } from '../../../store/schema';
import { studioDatabase } from '../../../store/database';
import type { ZipEntry } from '../../../ui/zip';
import { zipEntryNames } from '../../../ui/zip-names';

export async function* libraryZipEntries(items: readonly LibraryItem[], onProgress: (done: number) => void): AsyncGenerator<ZipEntry> {
  const db = await studioDatabase();
  const names = zipEntryNames(
    items.map((item) => `${item.name}.x`),
    (index) => items[index].versions[0].ext,
  );
  for (const [index, item] of items.entries()) {
    const result = await db.results.get(item.versions[0].resultId);
    if (result) yield { name: names[index], blob: result.blob, lastModified: new Date(item.updatedAt) };
    onProgress(index + 1);
  }
}
