// A completed job: the person photo against the result behind a divider, the
// result to download or open, and the kind the garment was dressed as with
// the others to try (KindUsed). When the person photo is no longer stored
// (see person-photos.ts) the result is shown alone; when the result has
// expired (results outlive their jobs by less) the card says so.
import { useState } from 'react';
import { resultPath } from '../../../api/results';
import { BeforeAfter } from '../../../ui/components/BeforeAfter';
import { JobResult } from '../../../ui/components/JobResult';
import type { TryOnJob } from '../shared/jobs';
import { tryOnMeta, type GarmentKind } from '../shared/meta';
import { downloadName } from './job-text';
import { KindUsed } from './KindUsed';
import { usePersonPhoto } from './person-photos';

const LIFETIME_MINUTES = tryOnMeta.resultLifetimeMs / 60_000;

export interface TryOnResultProps {
  job: TryOnJob;
  /** A new try-on of the same photos and options, dressing the garment as `kind`. */
  onTryAs(kind: GarmentKind): Promise<void>;
}

export function TryOnResult({ job, onTryAs }: TryOnResultProps) {
  const before = usePersonPhoto(job);
  const [expired, setExpired] = useState(false);
  if (!job.resultId || !job.resultExt) return null;
  const url = resultPath({ id: job.resultId, ext: job.resultExt });
  const alt = `${job.request.label}, tried on`;
  const transparent = job.request.options.removeBackground;
  const kindUsed = <KindUsed job={job} onTryAs={onTryAs} />;
  if (expired) {
    return (
      <div className="stack">
        <p className="hint" style={{ margin: 0 }} data-testid="tryon-expired">
          The result is no longer stored: results are kept {LIFETIME_MINUTES} minutes.
        </p>
        {kindUsed}
      </div>
    );
  }
  return (
    <JobResult url={url} downloadName={downloadName(job)} downloadTestId="tryon-download" hint={before ? 'Drag the divider to compare' : undefined}>
      <div className="stack tryon-result">
        <BeforeAfter
          before={before ?? undefined}
          after={url}
          alt={alt}
          afterClassName={transparent ? 'checkerboard' : ''}
          testId="tryon-result"
          onAfterError={() => setExpired(true)}
        />
        {!before && (
          <p className="hint" style={{ margin: 0 }}>
            The person photo is not kept once a try-on is done, so only the result is shown.
          </p>
        )}
        {kindUsed}
      </div>
    </JobResult>
  );
}
