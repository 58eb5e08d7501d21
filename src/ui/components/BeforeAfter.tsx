// A result and what it was made from in one frame, split by a vertical
// divider: the original to its left, the result to its right. Drag anywhere on
// the frame, or focus the divider (role="slider") and use the arrow keys, Page
// Up/Down and Home/End. Without an original (a crop changes the frame, a photo
// no longer kept) the result shows alone in the same frame.
import { useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent, type SyntheticEvent } from 'react';

const STEP = 2;
const PAGE_STEP = 10;

const MOVES: Record<string, (at: number) => number> = {
  ArrowLeft: (at) => at - STEP,
  ArrowDown: (at) => at - STEP,
  ArrowRight: (at) => at + STEP,
  ArrowUp: (at) => at + STEP,
  PageDown: (at) => at - PAGE_STEP,
  PageUp: (at) => at + PAGE_STEP,
  Home: () => 0,
  End: () => 100,
};

export interface BeforeAfterProps {
  /** The original, with the result's frame; omitted, the result shows alone. */
  before?: string;
  after: string;
  /** The result's name for screen readers, e.g. "shoe.jpg without its background". */
  alt: string;
  /** The result's size when known; otherwise the frame takes it from the images as they load. */
  size?: { width: number; height: number };
  /** What the result is shown over: a checkerboard for transparency, a colour, a picture. */
  afterClassName?: string;
  afterStyle?: CSSProperties;
  /** The result image's data-testid. */
  testId: string;
  onAfterError?(): void;
}

const clamp = (value: number) => Math.min(100, Math.max(0, Math.round(value)));

export function BeforeAfter({ before, after, alt, size, afterClassName = '', afterStyle, testId, onAfterError }: BeforeAfterProps) {
  const [position, setPosition] = useState(50);
  const [loadedAspect, setLoadedAspect] = useState<string | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const divider = useRef<HTMLDivElement>(null);
  const aspect = size ? `${size.width} / ${size.height}` : (loadedAspect ?? '1 / 1');

  const measure = (event: SyntheticEvent<HTMLImageElement>) => {
    const { naturalWidth, naturalHeight } = event.currentTarget;
    if (naturalWidth > 0) setLoadedAspect(`${naturalWidth} / ${naturalHeight}`);
  };
  const moveTo = (clientX: number) => {
    const box = frame.current?.getBoundingClientRect();
    if (box && box.width > 0) setPosition(clamp(((clientX - box.left) / box.width) * 100));
  };
  const grab = (event: PointerEvent<HTMLDivElement>) => {
    if (!before || event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    moveTo(event.clientX);
    divider.current?.focus({ preventScroll: true });
  };
  const drag = (event: PointerEvent<HTMLDivElement>) => {
    if (event.currentTarget.hasPointerCapture(event.pointerId)) moveTo(event.clientX);
  };
  const key = (event: KeyboardEvent) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    setPosition((at) => clamp(move(at)));
  };

  return (
    <div
      ref={frame}
      className={`before-after${before ? ' comparing' : ''}`}
      style={{ '--aspect': aspect } as CSSProperties}
      onPointerDown={grab}
      onPointerMove={drag}
      data-testid="before-after"
    >
      {before && <img className="before-after-before" src={before} alt="" draggable={false} onLoad={measure} />}
      <div className={`before-after-after ${afterClassName}`} style={{ ...afterStyle, clipPath: before ? `inset(0 0 0 ${position}%)` : undefined }}>
        <img src={after} alt={alt} draggable={false} data-testid={testId} onLoad={measure} onError={onAfterError} />
      </div>
      {before && (
        <>
          <span className="before-after-label before" aria-hidden="true">
            Before
          </span>
          <span className="before-after-label after" aria-hidden="true">
            After
          </span>
          <div
            ref={divider}
            className="before-after-divider"
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
        </>
      )}
    </div>
  );
}
