// An object URL for a blob, made once per `key` (the blob itself when no key
// is given) and revoked when the key changes or the component goes. Records
// re-read from IndexedDB come back as new Blob objects each time; keying by
// record keeps the URL (and the <img>) steady.
import { useEffect, useState } from 'react';

export function useObjectUrl(blob: Blob | null, key?: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
    // Only a new key means a new image; `blob` is the same bytes read again.
  }, [key ?? blob, blob === null]);
  return url;
}
