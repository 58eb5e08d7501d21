// Names for the files inside a ZIP: each keeps its own stem with the new
// extension (`shoe.jpg` → `shoe.png`), and a name met twice gets a number
// (`shoe (2).png`), since a ZIP with two entries of one name loses one on unzip.
import { fileStem } from './download';

export function zipEntryNames(names: readonly string[], extensionOf: (index: number) => string): string[] {
  const taken = new Set<string>();
  return names.map((name, index) => {
    const stem = fileStem(name);
    const ext = extensionOf(index);
    let candidate = `${stem}.${ext}`;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n}).${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
