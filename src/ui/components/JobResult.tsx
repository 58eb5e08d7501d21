// What a finished job shows in its card: the result, then buttons to download
// it under its name or open it in a tab.
import type { ReactNode } from 'react';
import { Icon } from './Icon';

export interface JobResultProps {
  url: string;
  downloadName: string;
  downloadTestId?: string;
  /** The result itself: a player, an image, a before/after frame. */
  children: ReactNode;
  /** A word beside the buttons. */
  hint?: string;
}

export function JobResult({ url, downloadName, downloadTestId, children, hint }: JobResultProps) {
  return (
    <div className="stack">
      {children}
      <div className="row">
        <a className="button small primary" href={url} download={downloadName} data-testid={downloadTestId}>
          <Icon name="download" size={14} />
          Download
        </a>
        <a className="button small" href={url} target="_blank" rel="noreferrer">
          <Icon name="external" size={14} />
          Open
        </a>
        {hint && <span className="hint">{hint}</span>}
      </div>
    </div>
  );
}
