// The result over its background, and when the frames match (no crop) the
// original beside it behind a draggable divider. The divider is a range input,
// so arrow keys move it too.
import { useState, type CSSProperties } from 'react';
import { backgroundClass, backgroundStyle } from './background-style';
import type { Background } from './studio-options';
import type { Preview } from './useComposePreview';

export interface BeforeAfterProps {
  /** The original; omitted when the result has another frame than it (crop). */
  before?: string;
  after: Preview;
  background: Background;
  alt: string;
}

export function BeforeAfter({ before, after, background, alt }: BeforeAfterProps) {
  const [position, setPosition] = useState(50);
  const frame = { '--aspect': `${after.width} / ${after.height}` } as CSSProperties;
  return (
    <div className="compare" style={frame}>
      {before && <img className="compare-before" src={before} alt="" draggable={false} />}
      <div
        className={`compare-after ${backgroundClass(background)}`}
        style={{ ...backgroundStyle(background), clipPath: before ? `inset(0 0 0 ${position}%)` : undefined }}
      >
        <img src={after.url} alt={alt} data-testid="studio-result" draggable={false} />
      </div>
      {before && (
        <>
          <input
            className="compare-range"
            type="range"
            min={0}
            max={100}
            value={position}
            aria-label="Compare before and after"
            aria-valuetext={`${position}% before, ${100 - position}% after`}
            onChange={(event) => setPosition(Number(event.target.value))}
          />
          <span className="compare-label before" aria-hidden="true">
            Before
          </span>
          <span className="compare-label after" aria-hidden="true">
            After
          </span>
          <div className="compare-handle" style={{ left: `${position}%` }} aria-hidden="true">
            <span />
          </div>
        </>
      )}
    </div>
  );
}
