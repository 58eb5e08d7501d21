// Whether everything works offline yet, and a button that makes it so: the
// first visit keeps images working offline; video's ffmpeg cores come later.
import { useEffect, useState } from 'react';
import { countKept, fetchEverything, laterFiles } from '../offline-files';

type State = { kind: 'checking' } | { kind: 'idle'; kept: number } | { kind: 'fetching'; done: number } | { kind: 'failed'; message: string };

export function OfflineReadiness() {
  const [state, setState] = useState<State>({ kind: 'checking' });
  useEffect(() => {
    void countKept().then((kept) => setState({ kind: 'idle', kept }));
  }, []);
  const total = laterFiles.length;
  if (state.kind === 'checking' || total === 0) return null;
  if (state.kind === 'idle' && state.kept === total) {
    return (
      <p className="hint" data-testid="offline-ready">
        Everything is available offline.
      </p>
    );
  }
  const start = () => {
    setState({ kind: 'fetching', done: 0 });
    fetchEverything((done) => setState({ kind: 'fetching', done }))
      .then((kept) => setState({ kind: 'idle', kept }))
      .catch((error: unknown) => setState({ kind: 'failed', message: (error as Error).message }));
  };
  return (
    <div className="stack" style={{ gap: 'var(--space-2)' }}>
      <p className="hint" style={{ marginBottom: 0 }}>
        Images work offline. Video, try-on and the fallback engine need about 100 MB more, fetched when you first use them.
      </p>
      <button type="button" className="button small" onClick={start} disabled={state.kind === 'fetching'}>
        {state.kind === 'fetching' ? `Fetching ${state.done} of ${total}…` : 'Make everything available offline'}
      </button>
      {state.kind === 'failed' && <p className="alert error">{state.message}</p>}
    </div>
  );
}
