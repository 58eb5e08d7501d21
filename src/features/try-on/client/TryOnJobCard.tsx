// One try-on job as it moves on: waiting for an engine, running with the step
// it is on, done with a before/after view and a download, or failed with the
// reason in plain words.
import { ErrorAlert } from '../../../ui/components/ErrorAlert';
import { Icon } from '../../../ui/components/Icon';
import { ProgressBar } from '../../../ui/components/ProgressBar';
import { formatPercent, formatTime } from '../../../ui/format';
import type { TryOnJob } from '../shared/jobs';
import { optionsSummary, plainError } from './job-text';
import { JobThumbs } from './JobThumbs';
import { stageLabel } from './progress-stage';
import { TryOnResult } from './TryOnResult';

const STATUS = {
  pending: { label: 'Waiting', tone: 'warning pulse' },
  running: { label: 'Running', tone: 'accent pulse' },
  completed: { label: 'Done', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'plain' },
} as const;

export interface TryOnJobCardProps {
  job: TryOnJob;
  onCancel(): void;
  onDelete(): void;
  onRetry(): void;
}

function JobHead({ job, onCancel, onDelete }: Omit<TryOnJobCardProps, 'onRetry'>) {
  const { label } = job.request;
  const cancelled = job.status === 'failed' && job.error?.error_code === 'job_cancelled';
  const status = STATUS[cancelled ? 'cancelled' : job.status];
  const active = job.status === 'pending' || job.status === 'running';
  return (
    <div className="tryon-job-head">
      <JobThumbs job={job} />
      <span className="tryon-job-title">
        <strong className="truncate">{label}</strong>
        <span className="hint">
          {optionsSummary(job)} · <span className="tryon-nowrap">{formatTime(job.createdAt)}</span>
          {job.keyId !== null && ' · API'}
        </span>
      </span>
      <span className="tryon-job-actions">
        <span className={`badge ${status.tone}`}>{status.label}</span>
        {active ? (
          <button type="button" className="button small ghost" onClick={onCancel} aria-label={`Cancel the try-on ${label}`} title="Cancel">
            <Icon name="x" size={16} />
            Cancel
          </button>
        ) : (
          <button type="button" className="button icon small ghost" onClick={onDelete} aria-label={`Delete the try-on ${label}`} title="Delete">
            <Icon name="trash" size={16} />
          </button>
        )}
      </span>
    </div>
  );
}

function JobFailure({ job, onRetry }: { job: TryOnJob; onRetry(): void }) {
  const cancelled = job.error?.error_code === 'job_cancelled';
  return (
    <div className="tryon-job-body stack">
      {cancelled ? (
        <p className="hint" style={{ margin: 0 }}>
          You cancelled this try-on; nothing was charged.
        </p>
      ) : (
        <ErrorAlert title="This try-on did not work." message={plainError(job.error?.message ?? 'something went wrong')} code={job.error?.error_code} />
      )}
      <div className="row">
        <button type="button" className="button small" onClick={onRetry}>
          <Icon name="refresh" size={14} />
          Try again
        </button>
      </div>
    </div>
  );
}

export function TryOnJobCard({ job, onCancel, onDelete, onRetry }: TryOnJobCardProps) {
  return (
    <li className="tryon-job card" data-testid="tryon-job" data-job-id={job.id} data-status={job.status}>
      <JobHead job={job} onCancel={onCancel} onDelete={onDelete} />
      {job.status === 'pending' && (
        <p className="tryon-job-body tryon-waiting" role="status">
          <Icon name="clock" size={16} />
          <span>
            <strong>Waiting for the engine…</strong> It starts as soon as an engine in any window of the app picks it up. The job is stored on
            this device, so it survives a reload.
          </span>
        </p>
      )}
      {job.status === 'running' && (
        <div className="tryon-job-body stack" style={{ gap: 'var(--space-2)' }}>
          <span className="row between small">
            <span className="muted">{stageLabel(job.progress)}…</span>
            <strong>{formatPercent(job.progress)}</strong>
          </span>
          <ProgressBar value={job.progress} label={`${job.request.label}: progress`} />
        </div>
      )}
      {job.status === 'completed' && (
        <div className="tryon-job-body">
          <TryOnResult job={job} />
        </div>
      )}
      {job.status === 'failed' && <JobFailure job={job} onRetry={onRetry} />}
    </li>
  );
}
