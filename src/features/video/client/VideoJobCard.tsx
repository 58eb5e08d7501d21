// One video job as it moves on: waiting for an engine, running with its
// progress, done with a player and a download, or failed with the reason.
import { resultPath } from '../../../api/results';
import { ErrorAlert } from '../../../ui/components/ErrorAlert';
import { Icon } from '../../../ui/components/Icon';
import { ProgressBar } from '../../../ui/components/ProgressBar';
import { fileStem } from '../../../ui/download';
import { formatPercent, formatTime } from '../../../ui/format';
import type { VideoJob } from '../shared/jobs';
import { VIDEO_FORMATS } from '../shared/meta';

const STATUS = {
  pending: { label: 'Waiting', tone: 'warning pulse' },
  running: { label: 'Running', tone: 'accent pulse' },
  completed: { label: 'Done', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'plain' },
} as const;

function Result({ job }: { job: VideoJob }) {
  if (!job.resultId || !job.resultExt) return null;
  const url = resultPath({ id: job.resultId, ext: job.resultExt });
  const name = `${fileStem(job.request.fileName)}-cutout.${job.resultExt}`;
  const { options } = job.request;
  const transparent = options.backgroundColor === 'transparent';
  return (
    <div className="stack">
      <div className={`video-result${transparent ? ' checkerboard' : ''}`}>
        {job.resultExt === 'gif' ? (
          <img src={url} alt={`${job.request.fileName} without its background`} />
        ) : (
          <video src={url} controls playsInline loop preload="auto" aria-label={`${job.request.fileName} without its background`} data-testid="video-player" />
        )}
      </div>
      <div className="row">
        <a className="button small primary" href={url} download={name}>
          <Icon name="download" size={14} />
          Download
        </a>
        <a className="button small" href={url} target="_blank" rel="noreferrer">
          <Icon name="external" size={14} />
          Open
        </a>
      </div>
    </div>
  );
}

export function VideoJobCard({ job, onCancel, onDelete, onRetry }: { job: VideoJob; onCancel(): void; onDelete(): void; onRetry(): void }) {
  const { options, fileName } = job.request;
  const cancelled = job.status === 'failed' && job.error?.error_code === 'job_cancelled';
  const status = STATUS[cancelled ? 'cancelled' : job.status];
  return (
    <li className="video-job card" data-testid="video-job" data-job-id={job.id} data-status={job.status}>
      <div className="video-job-head">
        <span className="video-job-icon">
          <Icon name="video" size={18} />
        </span>
        <span className="stack" style={{ gap: 0, minWidth: 0, flex: 1 }}>
          <strong className="truncate">{fileName}</strong>
          <span className="hint">
            {VIDEO_FORMATS[options.outputFormat].label} · {options.backgroundColor === 'transparent' ? 'transparent' : options.backgroundColor} · {formatTime(job.createdAt)}
            {job.keyId !== null && ' · API'}
          </span>
        </span>
        <span className={`badge ${status.tone}`}>{status.label}</span>
        {job.status === 'running' || job.status === 'pending' ? (
          <button type="button" className="button small ghost" onClick={onCancel} aria-label={`Cancel the job for ${fileName}`} title="Cancel">
            <Icon name="x" size={16} />
            Cancel
          </button>
        ) : (
          <button type="button" className="button icon small ghost" onClick={onDelete} aria-label={`Delete the job for ${fileName}`} title="Delete">
            <Icon name="trash" size={16} />
          </button>
        )}
      </div>
      {job.status === 'pending' && (
        <p className="video-job-body video-waiting" role="status">
          <Icon name="clock" size={16} />
          <span>
            <strong>Waiting for the engine…</strong> The job starts as soon as an engine in any window of the app picks it up. It is
            stored on this device, so it survives a reload.
          </span>
        </p>
      )}
      {job.status === 'running' && (
        <div className="video-job-body stack">
          <ProgressBar value={job.progress} label={`${fileName}: progress`} />
          <span className="row between small">
            <span className="muted">Removing the background, frame by frame…</span>
            <strong>{formatPercent(job.progress)}</strong>
          </span>
        </div>
      )}
      {job.status === 'completed' && (
        <div className="video-job-body">
          <Result job={job} />
        </div>
      )}
      {job.status === 'failed' && (
        <div className="video-job-body stack">
          {cancelled ? (
            <p className="hint">You cancelled this job; nothing was charged.</p>
          ) : (
            <ErrorAlert title="This video could not be processed." message={job.error?.message ?? 'unknown error'} code={job.error?.error_code} />
          )}
          <div className="row">
            <button type="button" className="button small" onClick={onRetry}>
              <Icon name="refresh" size={14} />
              Try again
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
