// Ctrl+V (or ⌘V) anywhere on the page adds the pasted images, unless the user
// is pasting into a text field.
import { useEffect } from 'react';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

export function usePasteImages(onFiles: (files: File[]) => void): void {
  useEffect(() => {
    const paste = (event: ClipboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, [contenteditable="true"]')) return;
      const files = Array.from(event.clipboardData?.files ?? []).filter((file) => IMAGE_TYPES.includes(file.type));
      if (!files.length) return;
      event.preventDefault();
      const stamp = new Date().toISOString().slice(11, 19).replace(/:/g, '');
      onFiles(files.map((file, i) => (file.name && file.name !== 'image.png' ? file : new File([file], `pasted-${stamp}-${i + 1}.${file.type.split('/')[1]}`, { type: file.type }))));
    };
    window.addEventListener('paste', paste);
    return () => window.removeEventListener('paste', paste);
  }, [onFiles]);
}
