// The person photo and the try-on result in one frame, split by a vertical
// divider: the photo to its left, the result to its right. Drag anywhere on
// the frame, or focus the divider (role="slider") and use the arrow keys,
// Page Up/Down and Home/End.
import { useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';

const STEP = 2;
const PAGE_STEP = 10;

export interface BeforeAfterSliderProps {
  before: string;
  after: string;
  /** The result's name for screen readers, e.g. "Ada in sweater, tried on". */
  alt: string;
  /** Whether the result has transparency, to show it over a checkerboard. */
  transparent: boolean;
  onAfterError?(): void;
}

const clamp = (value: number) => Math.min(100, Math.max(0, Math.round(value)));

export function BeforeAfterSlider({ before, after, alt, transparent, onAfterError }: BeforeAfterSliderProps) {
  const [position, setPosition] = useState(50);
  const [aspect, setAspect] = useState('3 / 4');
  const frame = useRef<HTMLDivElement>(null);
  const divider = useRef<HTMLDivElement>(null);

  const moveTo = (clientX: number) => {
    const box = frame.current?.getBoundingClientRect();
    if (box && box.width > 0) setPosition(clamp(((clientX - box.left) / box.width) * 100));
  };
  const grab = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    moveTo(event.clientX);
    divider.current?.focus({ preventScroll: true });
  };
  const drag = (event: PointerEvent<HTMLDivElement>) => {
    if (event.currentTarget.hasPointerCapture(event.pointerId)) moveTo(event.clientX);
  };
  const key = (event: KeyboardEvent) => {
    const moves: Record<string, (at: number) => number> = {
      ArrowLeft: (at) => at - STEP,
      ArrowDown: (at) => at - STEP,
      ArrowRight: (at) => at + STEP,
      ArrowUp: (at) => at + STEP,
      PageDown: (at) => at - PAGE_STEP,
      PageUp: (at) => at + PAGE_STEP,
      Home: () => 0,
      End: () => 100,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setPosition((at) => clamp(move(at)));
  };

  return (
    <div
      ref={frame}
      className="tryon-compare"
      style={{ '--aspect': aspect } as CSSProperties}
      onPointerDown={grab}
      onPointerMove={drag}
      data-testid="tryon-compare"
    >
      <img className="tryon-compare-before" src={before} alt="" draggable={false} />
      <div className={`tryon-compare-after${transparent ? ' checkerboard' : ''}`} style={{ clipPath: `inset(0 0 0 ${position}%)` }}>
        <img
          src={after}
          alt={alt}
          draggable={false}
          data-testid="tryon-result"
          onLoad={(event) => setAspect(`${event.currentTarget.naturalWidth} / ${event.currentTarget.naturalHeight}`)}
          onError={onAfterError}
        />
      </div>
      <span className="tryon-compare-label before" aria-hidden="true">
        Before
      </span>
      <span className="tryon-compare-label after" aria-hidden="true">
        After
      </span>
      <div
        ref={divider}
        className="tryon-compare-divider"
        style={{ left: `${position}%` }}
        role="slider"
        tabIndex={0}
        aria-label="Before and after divider"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={position}
        aria-valuetext={`${position}% before, ${100 - position}% after`}
        aria-orientation="horizontal"
        onKeyDown={key}
      >
        <span aria-hidden="true" />
      </div>
    </div>
  );
}
