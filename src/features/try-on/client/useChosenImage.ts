// One picker's chosen image: the file, the name it goes by, a preview URL
// (revoked when replaced) and which sample it is, if it is one.
import { useCallback, useEffect, useState } from 'react';
import { fileStem } from '../../../ui/download';
import type { TryOnSample } from './samples';

export interface ChosenImage {
  file: File;
  /** "Ada" for a sample, the file's stem otherwise. */
  name: string;
  url: string;
  sampleId: string | null;
}

export function useChosenImage(): [ChosenImage | null, (file: File, sample?: TryOnSample) => void] {
  const [chosen, setChosen] = useState<ChosenImage | null>(null);
  const url = chosen?.url;
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  const choose = useCallback((file: File, sample?: TryOnSample) => {
    setChosen({ file, name: sample?.name ?? fileStem(file.name), url: URL.createObjectURL(file), sampleId: sample?.id ?? null });
  }, []);
  return [chosen, choose];
}
