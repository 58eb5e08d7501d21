// The files in a drop, folders included: a dropped folder arrives as an entry
// to walk (its subfolders too), not as files.
type Entry = FileSystemEntry;

function readAll(reader: FileSystemDirectoryReader): Promise<Entry[]> {
  // readEntries answers in pages (100 at a time in Chromium) until it answers none.
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    const next = () =>
      reader.readEntries((page) => {
        if (!page.length) return resolve(entries);
        entries.push(...page);
        next();
      }, reject);
    next();
  });
}

async function walk(entry: Entry): Promise<File[]> {
  if (entry.isFile) return [await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject))];
  if (!entry.isDirectory) return [];
  const children = await readAll((entry as FileSystemDirectoryEntry).createReader());
  const files: File[] = [];
  for (const child of children.sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }))) files.push(...(await walk(child)));
  return files;
}

export async function droppedFiles(transfer: DataTransfer): Promise<File[]> {
  const entries = Array.from(transfer.items ?? [])
    .map((item) => item.webkitGetAsEntry?.())
    .filter((entry): entry is Entry => Boolean(entry));
  if (!entries.some((entry) => entry.isDirectory)) return Array.from(transfer.files);
  const files: File[] = [];
  for (const entry of entries) files.push(...(await walk(entry)));
  return files;
}
