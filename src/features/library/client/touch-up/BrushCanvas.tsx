// The painting surface: the cut-out at full size on a canvas that CSS scales
// to fit, over a checkerboard (and the photo, faintly, when asked). Pointer
// Events make mouse, touch and pen alike: the canvas captures the pointer for
// the length of a drag, draws the path live on an overlay in the brush's
// colour, and hands the stroke over in image pixels when the pointer lifts.
// A ring follows the pointer to show the brush's size and its firm core.
import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, type CSSProperties, type PointerEvent as ReactPointerEvent, type Ref } from 'react';
import type { Box } from '../../../../imaging/mask';
import { coreRadius, type BrushMode, type BrushPoint, type BrushStroke } from '../../../../imaging/touch-up';
import type { BrushSettings } from './brush-settings';
import { brushRadiusInImage, clientToImage } from './pointer-mapping';
import type { TouchUpPixels } from './touch-up-images';

export interface BrushCanvasHandle {
  /** Redraws a box of the composite after its alpha changed. */
  redraw(box: Box): void;
}

export interface BrushCanvasProps {
  pixels: TouchUpPixels;
  brush: BrushSettings;
  /** The photo's URL, shown faintly under the cut-out; null hides it. */
  photoUrl: string | null;
  disabled: boolean;
  onStroke(stroke: BrushStroke): void;
  ref?: Ref<BrushCanvasHandle>;
}

/** The live path's colours (the overlay itself is translucent). */
const PATH_COLOUR: Record<BrushMode, string> = { keep: '#16a34a', erase: '#dc2626' };

interface ActiveStroke {
  pointerId: number;
  mode: BrushMode;
  /** Radius in image pixels, and diameter on screen, fixed when the stroke starts. */
  radius: number;
  size: number;
  points: BrushPoint[];
  /** The last point drawn on the overlay, in CSS pixels from the canvas's corner. */
  last: { x: number; y: number };
}

export function BrushCanvas({ pixels, brush, photoUrl, disabled, onStroke, ref }: BrushCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const cursorRef = useRef<HTMLDivElement>(null);
  const imageRef = useRef<ImageData | null>(null);
  const strokeRef = useRef<ActiveStroke | null>(null);
  const { width, height } = pixels;

  const redraw = useCallback(
    (box: Box) => {
      const context = canvasRef.current?.getContext('2d');
      if (!context || box.width <= 0 || box.height <= 0) return;
      // Shares the composite's buffer: no copy, and always current.
      imageRef.current ??= new ImageData(pixels.composite, width, height);
      context.putImageData(imageRef.current, 0, 0, box.x, box.y, box.width, box.height);
    },
    [pixels, width, height],
  );
  useImperativeHandle(ref, () => ({ redraw }), [redraw]);

  useLayoutEffect(() => {
    imageRef.current = null;
    redraw({ x: 0, y: 0, width, height });
  }, [redraw, width, height]);

  // The overlay matches the canvas's size on screen, in device pixels, so the live path is sharp.
  useEffect(() => {
    const canvas = canvasRef.current;
    const overlay = overlayRef.current;
    if (!canvas || !overlay) return;
    const fit = () => {
      const rect = canvas.getBoundingClientRect();
      const ratio = window.devicePixelRatio || 1;
      overlay.width = Math.max(1, Math.round(rect.width * ratio));
      overlay.height = Math.max(1, Math.round(rect.height * ratio));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  const overlayContext = () => {
    const overlay = overlayRef.current;
    const context = overlay?.getContext('2d');
    if (!overlay || !context) return null;
    const scale = overlay.width / Math.max(1, overlay.getBoundingClientRect().width);
    context.setTransform(scale, 0, 0, scale, 0, 0);
    return context;
  };

  const clearOverlay = () => {
    const overlay = overlayRef.current;
    overlay?.getContext('2d')?.clearRect(0, 0, overlay.width, overlay.height);
  };

  const drawPath = (stroke: ActiveStroke, to: { x: number; y: number }) => {
    const context = overlayContext();
    if (!context) return;
    context.strokeStyle = PATH_COLOUR[stroke.mode];
    context.lineWidth = stroke.size;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.beginPath();
    context.moveTo(stroke.last.x, stroke.last.y);
    context.lineTo(to.x, to.y);
    context.stroke();
    stroke.last = to;
  };

  const moveCursor = (event: ReactPointerEvent, visible: boolean) => {
    const cursor = cursorRef.current;
    const canvas = canvasRef.current;
    if (!cursor || !canvas) return;
    const rect = canvas.getBoundingClientRect();
    cursor.style.transform = `translate(${event.clientX - rect.left}px, ${event.clientY - rect.top}px)`;
    cursor.hidden = !visible;
  };

  /** Adds the pointer's positions since the last event (coalesced, for smooth fast drags). */
  const follow = (stroke: ActiveStroke, event: ReactPointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const native = event.nativeEvent;
    const coalesced = typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : [];
    for (const sample of coalesced.length > 0 ? coalesced : [native]) {
      stroke.points.push(clientToImage(sample.clientX, sample.clientY, rect, width, height));
      drawPath(stroke, { x: sample.clientX - rect.left, y: sample.clientY - rect.top });
    }
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (disabled || strokeRef.current || !event.isPrimary) return;
    // The mouse paints with its main button; a pen's eraser end erases whatever the mode.
    const penEraser = event.pointerType === 'pen' && (event.button === 5 || (event.buttons & 32) !== 0);
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.preventDefault();
    const canvas = event.currentTarget;
    canvas.setPointerCapture(event.pointerId);
    const rect = canvas.getBoundingClientRect();
    const at = { x: event.clientX - rect.left, y: event.clientY - rect.top };
    const stroke: ActiveStroke = {
      pointerId: event.pointerId,
      mode: penEraser ? 'erase' : brush.mode,
      radius: brushRadiusInImage(brush.size, rect, width),
      size: brush.size,
      points: [clientToImage(event.clientX, event.clientY, rect, width, height)],
      last: at,
    };
    strokeRef.current = stroke;
    clearOverlay();
    drawPath(stroke, at);
    moveCursor(event, true);
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const stroke = strokeRef.current;
    moveCursor(event, !disabled && (event.pointerType !== 'touch' || stroke !== null));
    if (stroke && event.pointerId === stroke.pointerId) follow(stroke, event);
  };

  const finish = (event: ReactPointerEvent<HTMLCanvasElement>, commit: boolean) => {
    const stroke = strokeRef.current;
    if (!stroke || event.pointerId !== stroke.pointerId) return;
    strokeRef.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
    if (event.pointerType === 'touch' && cursorRef.current) cursorRef.current.hidden = true;
    // The path gives way to the result, drawn before the next paint.
    clearOverlay();
    if (commit) onStroke({ mode: stroke.mode, radius: stroke.radius, hardness: brush.hardness, points: stroke.points });
  };

  const cursorStyle = {
    '--brush-size': `${brush.size}px`,
    '--brush-core': `${(coreRadius(1, brush.hardness) * 100).toFixed(1)}%`,
  } as CSSProperties;

  return (
    <div className="touchup-frame checkerboard" style={{ '--aspect': `${width} / ${height}` } as CSSProperties}>
      {photoUrl && <img className="touchup-photo" src={photoUrl} alt="" draggable={false} />}
      <canvas
        ref={canvasRef}
        className={`touchup-canvas ${brush.mode}`}
        width={width}
        height={height}
        data-testid="touch-up-canvas"
        aria-label={`The cut-out. Drag to ${brush.mode === 'keep' ? 'keep' : 'erase'} what the brush covers.`}
        aria-disabled={disabled}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(event) => finish(event, true)}
        onPointerCancel={(event) => finish(event, false)}
        onLostPointerCapture={(event) => finish(event, true)}
        onPointerLeave={(event) => {
          if (!strokeRef.current) moveCursor(event, false);
        }}
        onContextMenu={(event) => event.preventDefault()}
      />
      <canvas ref={overlayRef} className="touchup-overlay" aria-hidden="true" />
      <div ref={cursorRef} className={`touchup-cursor ${brush.mode}`} style={cursorStyle} hidden aria-hidden="true">
        <span />
      </div>
    </div>
  );
}
