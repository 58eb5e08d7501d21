// A row of sample thumbnails under a picker; pressing one makes it the chosen
// image. A sample whose file is missing (not rendered yet) hides itself.
import { useState } from 'react';
import type { TryOnSample } from './samples';

export interface SampleRowProps {
  /** "person" or "garment", for the buttons' names. */
  kind: string;
  samples: readonly TryOnSample[];
  chosenId: string | null;
  onPick(sample: TryOnSample): void;
}

export function SampleRow({ kind, samples, chosenId, onPick }: SampleRowProps) {
  const [missing, setMissing] = useState<ReadonlySet<string>>(() => new Set());
  const shown = samples.filter((sample) => !missing.has(sample.id));
  if (shown.length === 0) return null;
  return (
    <div className="tryon-samples">
      <span className="hint">Or try a sample</span>
      <ul aria-label={`Sample ${kind} photos`}>
        {shown.map((sample) => (
          <li key={sample.id}>
            <button
              type="button"
              className="tryon-sample"
              aria-pressed={chosenId === sample.id}
              aria-label={`Sample ${kind}: ${sample.name}`}
              title={sample.name}
              data-testid={`tryon-sample-${kind}`}
              onClick={() => onPick(sample)}
            >
              <img src={sample.path} alt="" draggable={false} onError={() => setMissing((before) => new Set(before).add(sample.id))} />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
