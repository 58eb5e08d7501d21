// The big picture: the selected image in whatever state it is in, with the
// progress and the cancel button while it is worked on, and the live result
// (before/after) when it is done.
import { BeforeAfter } from '../../../ui/components/BeforeAfter';
import { ErrorAlert } from '../../../ui/components/ErrorAlert';
import { Icon } from '../../../ui/components/Icon';
import { ProgressBar } from '../../../ui/components/ProgressBar';
import { formatPercent } from '../../../ui/format';
import { useEngineStatus } from '../../../ui/services';
import { progressView } from '../../../ui/progress-label';
import { useObjectUrl } from '../../../ui/useObjectUrl';
import { backgroundClass, backgroundStyle } from './background-style';
import type { BatchItem } from './batch';
import type { Background } from './studio-options';
import type { PreviewState } from './useComposePreview';
import { useStoredPhoto } from './useStoredPhoto';

export interface StageProps {
  item: BatchItem;
  /** 1-based place in the queue, for images still waiting. */
  place: number;
  preview: PreviewState;
  background: Background;
  cropped: boolean;
  onCancel(): void;
  onRetry(): void;
}

function workingView(item: BatchItem, place: number, engine: ReturnType<typeof useEngineStatus>): { label: string; fraction: number | null } {
  if (item.status === 'queued') return { label: `Waiting in the queue (#${place})`, fraction: null };
  if (item.status === 'paused') return { label: 'Paused: resume the batch to cut it out', fraction: null };
  return item.progress > 0 ? { label: 'Cutting out', fraction: item.progress } : progressView(null, engine);
}

function Working({ item, place, onCancel }: Pick<StageProps, 'item' | 'place' | 'onCancel'>) {
  const engine = useEngineStatus();
  const view = workingView(item, place, engine);
  return (
    <div className="stage-overlay" role="status" aria-live="polite" data-testid="studio-progress">
      <div className="stage-progress">
        <div className="row between">
          <span className="row">
            {item.status === 'working' && <span className="spinner" aria-hidden="true" />}
            <strong>{view.label}</strong>
          </span>
          {view.fraction !== null && <span className="muted small">{formatPercent(view.fraction)}</span>}
        </div>
        <ProgressBar value={view.fraction} label={view.label} />
        <div className="stage-progress-foot">
          <span className="hint">The model runs on this device; nothing is uploaded.</span>
          <button type="button" className="button small" onClick={onCancel}>
            <Icon name="x" size={14} />
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}

export function Stage({ item, place, preview, background, cropped, onCancel, onRetry }: StageProps) {
  const name = item.fileName;
  const sourceUrl = useObjectUrl(useStoredPhoto(item.id), item.id) ?? undefined;
  if (item.status === 'done' && item.cutout) {
    return (
      <div className="stage" aria-busy={preview.pending}>
        {preview.preview ? (
          <BeforeAfter
            before={cropped ? undefined : sourceUrl}
            after={preview.preview.url}
            size={preview.preview}
            afterClassName={backgroundClass(background)}
            afterStyle={backgroundStyle(background)}
            alt={`${name} without its background`}
            testId="studio-result"
          />
        ) : (
          <div className="stage-overlay">
            <span className="spinner" aria-label="Making the preview" />
          </div>
        )}
        {preview.pending && preview.preview && (
          <span className="chip" role="status">
            <span className="spinner" aria-hidden="true" />
            Updating preview…
          </span>
        )}
        {preview.error && (
          <div className="stage-message">
            <ErrorAlert message={preview.error.message} code={preview.error.code} />
          </div>
        )}
      </div>
    );
  }
  return (
    <div className="stage">
      {sourceUrl && <img className="stage-source" src={sourceUrl} alt={name} />}
      {item.status === 'failed' && item.error ? (
        <div className="stage-overlay">
          <div className="stage-progress">
            <ErrorAlert title="This image could not be cut out." message={item.error.message} code={item.error.error_code} />
            <div className="row" style={{ justifyContent: 'flex-end' }}>
              <button type="button" className="button small" onClick={onCancel}>
                Remove
              </button>
              <button type="button" className="button small primary" onClick={onRetry}>
                <Icon name="refresh" size={14} />
                Try again
              </button>
            </div>
          </div>
        </div>
      ) : (
        <Working item={item} place={place} onCancel={onCancel} />
      )}
    </div>
  );
}
