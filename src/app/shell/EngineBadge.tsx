// The engine's state in the top bar: what it is doing now (model download,
// a task), and on click the details: backend, threads, whether the model is cached.
import { useDismiss } from '../../ui/components/useDismiss';
import { useEngineStatus, type EngineStatusView } from '../../ui/services';
import { OfflineReadiness } from './OfflineReadiness';

function percent(fraction: number): string {
  return `${Math.round(Math.max(0, Math.min(1, fraction)) * 100)}%`;
}

interface Summary {
  text: string;
  /** For a phone's top bar. */
  short: string;
  tone: string;
}

function summary(status: EngineStatusView | null): Summary {
  if (!status) return { text: 'Engine starting', short: 'Starting', tone: 'plain' };
  if (status.state === 'failed') return { text: 'Engine failed', short: 'Failed', tone: 'danger' };
  const { progress } = status;
  if (progress && status.state !== 'ready') {
    const share = percent(progress.fraction);
    if (progress.stage === 'downloading model') return { text: `Downloading model ${share}`, short: `Model ${share}`, tone: 'warning pulse' };
    if (progress.stage === 'loading model') return { text: `Loading model ${share}`, short: `Model ${share}`, tone: 'warning pulse' };
    return { text: 'Starting the model…', short: 'Starting', tone: 'warning pulse' };
  }
  if (progress) return { text: 'Working…', short: 'Working', tone: 'accent pulse' };
  if (status.state === 'ready') return { text: `Ready · ${status.backend}`, short: 'Ready', tone: 'success' };
  if (status.state === 'loading' && status.download && status.download.loaded < status.download.total) {
    const share = percent(status.download.loaded / status.download.total);
    return { text: `${status.modelCached ? 'Loading' : 'Downloading'} model ${share}`, short: `Model ${share}`, tone: 'warning pulse' };
  }
  if (status.state === 'loading') return { text: 'Starting the model…', short: 'Starting', tone: 'warning pulse' };
  return { text: status.modelCached ? 'Engine idle · model cached' : 'Engine idle', short: 'Idle', tone: 'plain' };
}

function threadsLabel(status: EngineStatusView): string {
  if (status.state !== 'ready') return '—';
  return status.threads === 0 ? 'GPU' : String(status.threads);
}

export function EngineBadge() {
  const status = useEngineStatus();
  const { text, short, tone } = summary(status);
  const ref = useDismiss();
  return (
    <details className="popover engine-popover" ref={ref}>
      <summary aria-label={`Engine: ${text}. Show details`}>
        <span className={`badge ${tone}`} data-testid={status?.state === 'ready' ? 'engine-badge' : undefined}>
          <span className="engine-badge-text hide-narrow">{text}</span>
          <span className="show-narrow">{short}</span>
        </span>
      </summary>
      <div className="popover-panel">
        <h3 style={{ marginBottom: 'var(--space-3)' }}>Engine on this device</h3>
        {status ? (
          <dl className="facts">
            <dt>Now</dt>
            <dd>{text}</dd>
            <dt>Backend</dt>
            <dd>{status.backend ?? '—'}</dd>
            <dt>Threads</dt>
            <dd>{threadsLabel(status)}</dd>
            <dt>Model cached</dt>
            <dd>{status.modelCached ? 'Yes, works offline' : 'Not yet'}</dd>
            <dt>Shared memory</dt>
            <dd>{status.sharedMemory ? 'Yes (model threads)' : 'No (one model thread)'}</dd>
            {status.download && status.download.total > 0 && (
              <>
                <dt>Model size</dt>
                <dd>{Math.round(status.download.total / 1e6)} MB</dd>
              </>
            )}
          </dl>
        ) : (
          <p className="muted">The engine is starting.</p>
        )}
        {status?.reason && <p className="hint" style={{ marginBottom: 0 }}>{status.reason}</p>}
        {status?.error && (
          <p className="alert error" style={{ marginBottom: 0 }}>
            {status.error}
          </p>
        )}
        <OfflineReadiness />
      </div>
    </details>
  );
}
