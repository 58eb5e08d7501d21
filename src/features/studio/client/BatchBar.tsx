// The batch as a whole: how much is done, what is left and about how long it
// will take; pause and resume; retry what failed; start a new batch.
import { Icon } from '../../../ui/components/Icon';
import { ProgressBar } from '../../../ui/components/ProgressBar';
import type { BatchProgress } from './batch';

function duration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (ms < 60_000) return `${Math.max(1, Math.round(ms / 1000))} s`;
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export interface BatchBarProps {
  progress: BatchProgress;
  paused: boolean;
  onPause(): void;
  onResume(): void;
  onRetryFailed(): void;
  onNewBatch(): void;
}

export function BatchBar({ progress, paused, onPause, onResume, onRetryFailed, onNewBatch }: BatchBarProps) {
  const { total, done, failed, left, remainingMs } = progress;
  const finished = left === 0;
  const summary = finished
    ? `${done} of ${total} done`
    : `${done} of ${total} done · ${left} left${paused ? ' · paused' : remainingMs !== null ? ` · about ${duration(remainingMs)} to go` : ''}`;
  return (
    <div className="batch-bar" data-testid="studio-batch-bar">
      <div className="row between wrap">
        <span className="batch-summary" role="status" aria-live="polite" data-testid="studio-batch-summary">
          {summary}
          {failed > 0 && <span className="danger-text"> · {failed} failed</span>}
        </span>
        <span className="row wrap">
          {failed > 0 && (
            <button type="button" className="button small" onClick={onRetryFailed}>
              <Icon name="refresh" size={14} />
              Retry failed
            </button>
          )}
          {!finished &&
            (paused ? (
              <button type="button" className="button small primary" onClick={onResume} data-testid="studio-resume">
                <Icon name="play" size={14} />
                Resume
              </button>
            ) : (
              <button type="button" className="button small" onClick={onPause} data-testid="studio-pause">
                <Icon name="pause" size={14} />
                Pause
              </button>
            ))}
          <button type="button" className="button small ghost" onClick={onNewBatch} title="Start an empty batch; this one stays in the library">
            <Icon name="plus" size={14} />
            New batch
          </button>
        </span>
      </div>
      <ProgressBar value={total ? (done + failed) / total : 0} label="Progress of the batch" />
    </div>
  );
}
