// The selected variant, large, with the product's box over it: drag the box
// (or focus it and use the arrow keys) to move the product, the slider below
// to scale it. The box follows the pointer at once; the scene re-renders when
// the product is let go.
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { ErrorAlert } from '../../../ui/components/ErrorAlert';
import { ProgressBar } from '../../../ui/components/ProgressBar';
import { Slider } from '../../../ui/components/Slider';
import { formatPercent } from '../../../ui/format';
import { placementBox } from '../../../imaging/placement';
import { generateBackgroundMeta } from '../shared/meta';
import { clampPlacement, SCALE_RANGE, type Placement } from './look';
import type { Variant } from './useVariants';

const CANVAS = { width: generateBackgroundMeta.canvasSize, height: generateBackgroundMeta.canvasSize };
/** Arrow keys move by 1% of the canvas, with Shift by 5%. */
const KEY_STEP = { fine: 0.01, coarse: 0.05 };
const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export interface PlacementStageProps {
  variant: Variant;
  index: number;
  visible: { width: number; height: number };
  placement: Placement;
  onPlace(placement: Placement): void;
  /** No set or prompt chosen yet: nothing to show but the box. */
  idle: boolean;
}

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  from: Placement;
}

const percent = (value: number) => `${(value * 100).toFixed(3)}%`;

export function PlacementStage({ variant, index, visible, placement, onPlace, idle }: PlacementStageProps) {
  const canvas = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const [draft, setDraft] = useState<Placement | null>(null);
  const shown = draft ?? placement;
  const box = placementBox(visible, shown, CANVAS);

  const moved = (event: PointerEvent) => {
    const rect = canvas.current?.getBoundingClientRect();
    if (!drag.current || !rect) return null;
    const { from, startX, startY } = drag.current;
    return clampPlacement({ ...from, xCenter: from.xCenter + (event.clientX - startX) / rect.width, yCenter: from.yCenter + (event.clientY - startY) / rect.height });
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, from: placement };
    setDraft(placement);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const next = moved(event);
    if (next) setDraft(next);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const next = moved(event);
    drag.current = null;
    setDraft(null);
    if (next && (next.xCenter !== placement.xCenter || next.yCenter !== placement.yCenter)) onPlace(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const arrow = ARROWS[event.key];
    if (!arrow) return;
    event.preventDefault();
    const step = event.shiftKey ? KEY_STEP.coarse : KEY_STEP.fine;
    onPlace(clampPlacement({ ...placement, xCenter: placement.xCenter + arrow[0] * step, yCenter: placement.yCenter + arrow[1] * step }));
  };

  const working = variant.pending && !idle;
  return (
    <div className="stack">
      <div className="bg-canvas" ref={canvas} aria-busy={working}>
        {variant.image ? (
          <img src={variant.image.url} alt={`Variant ${index + 1}, seed ${variant.image.seed}`} data-testid="bg-selected-image" draggable={false} />
        ) : (
          <div className="bg-canvas-empty">{idle ? 'Pick a set or write a prompt to see the scene.' : working ? <span className="spinner" aria-label="Building the scene" /> : null}</div>
        )}
        <div
          className={`bg-product${draft ? ' dragging' : ''}`}
          style={{ left: percent(box.x / CANVAS.width), top: percent(box.y / CANVAS.height), width: percent(box.width / CANVAS.width), height: percent(box.height / CANVAS.height) }}
          tabIndex={0}
          role="group"
          aria-roledescription="movable product"
          aria-label={`Product at ${formatPercent(shown.xCenter)} across and ${formatPercent(shown.yCenter)} down. Drag it, or use the arrow keys (Shift for bigger steps).`}
          data-testid="bg-product"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            drag.current = null;
            setDraft(null);
          }}
          onKeyDown={onKeyDown}
        />
        {working && variant.image && (
          <span className="chip" role="status">
            <span className="spinner" aria-hidden="true" />
            Rendering{variant.progress !== null ? ` ${formatPercent(variant.progress)}` : '…'}
          </span>
        )}
        {working && !variant.image && variant.progress !== null && (
          <div className="bg-canvas-progress">
            <ProgressBar value={variant.progress} label={`Building variant ${index + 1}`} />
          </div>
        )}
      </div>
      {variant.error && <ErrorAlert title="This variant could not be made." message={variant.error.message} code={variant.error.code} />}
      <Slider
        label="Product size"
        value={placement.scale}
        min={SCALE_RANGE.min}
        max={SCALE_RANGE.max}
        step={0.05}
        format={(value) => `${Math.round(value * 100)}% of the canvas`}
        onChange={(scale) => onPlace(clampPlacement({ ...placement, scale }))}
      />
    </div>
  );
}
