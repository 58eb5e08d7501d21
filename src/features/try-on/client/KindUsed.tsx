// Under a finished try-on: the kind the garment was dressed as ("Dressed as a
// dress") and a button for each other kind, which starts a new try-on of the
// same photos and options with that garment_mode. Without the person photo
// stored any more, only the kind is said.
import { useState } from 'react';
import { Icon } from '../../../ui/components/Icon';
import type { TryOnJob } from '../shared/jobs';
import { GARMENT_KINDS, type GarmentKind } from '../shared/meta';
import { KIND_LABELS, KIND_NOUNS, kindUsed } from './job-text';

export interface KindUsedProps {
  job: TryOnJob;
  /** Starts the new try-on; rejects with the reason it could not. */
  onTryAs(kind: GarmentKind): Promise<void>;
}

type Started = { status: 'idle' } | { status: 'starting'; kind: GarmentKind } | { status: 'started'; kind: GarmentKind } | { status: 'failed'; message: string };

export function KindUsed({ job, onTryAs }: KindUsedProps) {
  const [started, setStarted] = useState<Started>({ status: 'idle' });
  const used = kindUsed(job);
  const others = GARMENT_KINDS.filter((kind) => kind !== used);
  // The person photo is the job's input; once the store has dropped it, there is nothing to try again with.
  const canTry = job.input.size > 0;

  const tryAs = async (kind: GarmentKind) => {
    setStarted({ status: 'starting', kind });
    try {
      await onTryAs(kind);
      setStarted({ status: 'started', kind });
    } catch (error) {
      setStarted({ status: 'failed', message: (error as Error).message });
    }
  };

  return (
    <div className="tryon-kind-used" data-testid="tryon-kind-used">
      {used && (
        <span className="tryon-kind-used-text">
          Dressed as <strong>{KIND_NOUNS[used]}</strong>
        </span>
      )}
      {canTry && (
        <span className="row">
          {others.map((kind) => (
            <button
              key={kind}
              type="button"
              className="button small"
              disabled={started.status === 'starting'}
              onClick={() => void tryAs(kind)}
              data-testid={`tryon-try-as-${kind}`}
            >
              {started.status === 'starting' && started.kind === kind ? <span className="spinner" aria-hidden="true" /> : <Icon name="refresh" size={14} />}
              Try as {KIND_LABELS[kind].toLowerCase()}
            </button>
          ))}
        </span>
      )}
      <span className="hint tryon-kind-used-note" role="status">
        {started.status === 'started' && `A new try-on as ${KIND_NOUNS[started.kind]} is at the top of the list.`}
        {started.status === 'failed' && started.message}
      </span>
    </div>
  );
}
