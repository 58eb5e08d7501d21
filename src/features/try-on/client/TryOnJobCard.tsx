// One try-on job in the list: the person and garment as thumbnails, the
// step it is on while it runs, a before/after view and the kind dressed when
// done, the reason in plain words when it failed. The card itself is the
// app's JobCard.
import { JobCard } from '../../../ui/components/JobCard';
import { formatTime } from '../../../ui/format';
import type { TryOnJob } from '../shared/jobs';
import type { GarmentKind } from '../shared/meta';
import { optionsSummary, plainError } from './job-text';
import { JobThumbs } from './JobThumbs';
import { stageLabel } from './progress-stage';
import { TryOnResult } from './TryOnResult';

export interface TryOnJobCardProps {
  job: TryOnJob;
  onCancel(): void;
  onDelete(): void;
  onRetry(): void;
  /** A new try-on of the same photos and options, dressing the garment as `kind`. */
  onTryAs(kind: GarmentKind): Promise<void>;
}

export function TryOnJobCard({ job, onTryAs, ...actions }: TryOnJobCardProps) {
  const { label } = job.request;
  return (
    <JobCard
      job={job}
      testId="tryon-job"
      lead={<JobThumbs job={job} />}
      title={label}
      details={
        <>
          {optionsSummary(job)} · <span className="nowrap">{formatTime(job.createdAt)}</span>
          {job.keyId !== null && ' · API'}
        </>
      }
      subject={`the try-on ${label}`}
      noun="try-on"
      runningLabel={`${stageLabel(job.progress)}…`}
      failureTitle="This try-on did not work."
      failureMessage={plainError(job.error?.message ?? 'something went wrong')}
      {...actions}
    >
      <TryOnResult job={job} onTryAs={onTryAs} />
    </JobCard>
  );
}
