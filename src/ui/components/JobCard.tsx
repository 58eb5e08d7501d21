// One job in a page's list as it moves on: waiting for an engine, running with
// its progress, done with what it made, or failed with the reason and a way to
// try again. The video and try-on pages say only what differs: what leads the
// card, its words, and what a finished job shows.
import type { ReactNode } from 'react';
import type { JobRecord } from '../../store/schema';
import { formatPercent } from '../format';
import { ErrorAlert } from './ErrorAlert';
import { Icon } from './Icon';
import { ProgressBar } from './ProgressBar';

const STATUS = {
  pending: { label: 'Waiting', tone: 'warning pulse' },
  running: { label: 'Running', tone: 'accent pulse' },
  completed: { label: 'Done', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'plain' },
} as const;

export interface JobCardProps {
  job: Pick<JobRecord, 'id' | 'status' | 'progress' | 'error'>;
  testId: string;
  /** Thumbnails or an icon, before the title. */
  lead: ReactNode;
  title: string;
  details: ReactNode;
  /** The job in the buttons' accessible names: "Cancel <subject>". */
  subject: string;
  /** What the user calls it: "You cancelled this <noun>". */
  noun: string;
  /** What a running job is doing, beside its percentage. */
  runningLabel: string;
  failureTitle: string;
  failureMessage: string;
  /** What a completed job shows. */
  children: ReactNode;
  onCancel(): void;
  onDelete(): void;
  onRetry(): void;
}

export function JobCard(props: JobCardProps) {
  const { job, title, subject } = props;
  const cancelled = job.status === 'failed' && job.error?.error_code === 'job_cancelled';
  const status = STATUS[cancelled ? 'cancelled' : job.status];
  const active = job.status === 'pending' || job.status === 'running';
  return (
    <li className="job-card card" data-testid={props.testId} data-job-id={job.id} data-status={job.status}>
      <div className="job-card-head">
        {props.lead}
        <span className="job-card-title">
          <strong className="truncate">{title}</strong>
          <span className="hint">{props.details}</span>
        </span>
        <span className="job-card-actions">
          <span className={`badge ${status.tone}`}>{status.label}</span>
          {active ? (
            <button type="button" className="button small ghost" onClick={props.onCancel} aria-label={`Cancel ${subject}`} title="Cancel">
              <Icon name="x" size={16} />
              Cancel
            </button>
          ) : (
            <button type="button" className="button icon small ghost" onClick={props.onDelete} aria-label={`Delete ${subject}`} title="Delete">
              <Icon name="trash" size={16} />
            </button>
          )}
        </span>
      </div>
      {job.status === 'pending' && (
        <p className="job-card-body job-waiting" role="status">
          <Icon name="clock" size={16} />
          <span>
            <strong>Waiting for the engine…</strong> It starts as soon as an engine in any window of the app picks it up. The job is stored on
            this device, so it survives a reload.
          </span>
        </p>
      )}
      {job.status === 'running' && (
        <div className="job-card-body stack" style={{ gap: 'var(--space-2)' }}>
          <span className="row between small">
            <span className="muted">{props.runningLabel}</span>
            <strong>{formatPercent(job.progress)}</strong>
          </span>
          <ProgressBar value={job.progress} label={`${title}: progress`} />
        </div>
      )}
      {job.status === 'completed' && <div className="job-card-body">{props.children}</div>}
      {job.status === 'failed' && (
        <div className="job-card-body stack">
          {cancelled ? (
            <p className="hint" style={{ margin: 0 }}>
              You cancelled this {props.noun}; nothing was charged.
            </p>
          ) : (
            <ErrorAlert title={props.failureTitle} message={props.failureMessage} code={job.error?.error_code} />
          )}
          <div className="row">
            <button type="button" className="button small" onClick={props.onRetry}>
              <Icon name="refresh" size={14} />
              Try again
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
