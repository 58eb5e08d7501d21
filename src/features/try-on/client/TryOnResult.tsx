// A completed job: the person photo against the result behind a divider, and
// the result to download or open. When the person photo is no longer stored
// (see person-photos.ts) the result is shown alone; when the result has
// expired (results outlive their jobs by less) the card says so.
import { useState } from 'react';
import { resultPath } from '../../../api/results';
import { Icon } from '../../../ui/components/Icon';
import type { TryOnJob } from '../shared/jobs';
import { tryOnMeta } from '../shared/meta';
import { BeforeAfterSlider } from './BeforeAfterSlider';
import { downloadName } from './job-text';
import { usePersonPhoto } from './person-photos';

const LIFETIME_MINUTES = tryOnMeta.resultLifetimeMs / 60_000;

function ResultAlone({ url, alt, transparent, onError }: { url: string; alt: string; transparent: boolean; onError(): void }) {
  return (
    <div className="stack" style={{ gap: 'var(--space-2)' }}>
      <div className={`tryon-result-alone${transparent ? ' checkerboard' : ''}`}>
        <img src={url} alt={alt} data-testid="tryon-result" onError={onError} />
      </div>
      <p className="hint" style={{ margin: 0 }}>
        The person photo is not kept once a try-on is done, so only the result is shown.
      </p>
    </div>
  );
}

export function TryOnResult({ job }: { job: TryOnJob }) {
  const before = usePersonPhoto(job);
  const [expired, setExpired] = useState(false);
  if (!job.resultId || !job.resultExt) return null;
  const url = resultPath({ id: job.resultId, ext: job.resultExt });
  const alt = `${job.request.label}, tried on`;
  const transparent = job.request.options.removeBackground;
  if (expired) {
    return (
      <p className="hint" style={{ margin: 0 }} data-testid="tryon-expired">
        The result is no longer stored: results are kept {LIFETIME_MINUTES} minutes.
      </p>
    );
  }
  return (
    <div className="stack">
      {before ? (
        <BeforeAfterSlider before={before} after={url} alt={alt} transparent={transparent} onAfterError={() => setExpired(true)} />
      ) : (
        <ResultAlone url={url} alt={alt} transparent={transparent} onError={() => setExpired(true)} />
      )}
      <div className="row">
        <a className="button small primary" href={url} download={downloadName(job)} data-testid="tryon-download">
          <Icon name="download" size={14} />
          Download
        </a>
        <a className="button small" href={url} target="_blank" rel="noreferrer">
          <Icon name="external" size={14} />
          Open
        </a>
        {before && <span className="hint">Drag the divider to compare</span>}
      </div>
    </div>
  );
}
