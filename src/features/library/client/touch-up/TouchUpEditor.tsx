// The touch-up editor: paint on a cut-out with a keep or erase brush whose
// strokes snap to the photo's edges (imaging/touch-up.ts), undo and redo them,
// and save the result as a new PNG. Everything runs here, on the page: a
// stroke costs tens of milliseconds even on a 12-megapixel photo, because it
// only touches the brush's footprint.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ErrorAlert } from '../../../../ui/components/ErrorAlert';
import { useObjectUrl } from '../../../../ui/useObjectUrl';
import type { Box } from '../../../../imaging/mask';
import { encodePng } from '../../../../imaging/png-encode';
import { applyStroke, isNoopPatch, type BrushStroke } from '../../../../imaging/touch-up';
import { BrushCanvas, type BrushCanvasHandle } from './BrushCanvas';
import { DEFAULT_BRUSH, stepSize, type BrushSettings } from './brush-settings';
import { finishedRgba, resetPatch, type TouchUpPixels } from './touch-up-images';
import { TouchUpTools } from './TouchUpTools';
import { useTouchUpHistory } from './useTouchUpHistory';
import { useTouchUpPixels } from './useTouchUpPixels';
import { useTouchUpShortcuts } from './useTouchUpShortcuts';
import './touch-up.css';

export interface TouchUpEditorProps {
  /** The original photo. A new Blob object here (or in `cutout`) starts over. */
  source: Blob;
  /** The cut-out to touch up: a PNG with alpha, the photo's size. */
  cutout: Blob;
  /** Receives the touched-up PNG (full size, RGBA); the editor shows "Saving…" until it settles. */
  onSave(png: Blob): Promise<void>;
  onClose(): void;
}

/** Resolves after the browser has painted, so "Saving…" shows before the encoder holds the thread. */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

export function TouchUpEditor({ source, cutout, onSave, onClose }: TouchUpEditorProps) {
  const state = useTouchUpPixels(source, cutout);
  const photoUrl = useObjectUrl(source);

  if (state.status === 'loading') {
    return (
      <div className="card touchup-status" role="status" aria-live="polite" data-testid="touch-up-loading">
        <span className="spinner" aria-hidden="true" />
        Opening the cut-out…
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="card touchup-status stack">
        <ErrorAlert title="This cut-out cannot be touched up:" message={state.message} />
        <button type="button" className="button" onClick={onClose}>
          Back
        </button>
      </div>
    );
  }
  return <TouchUpWorkspace key={state.serial} pixels={state.pixels} photoUrl={photoUrl} onSave={onSave} onClose={onClose} />;
}

function TouchUpWorkspace({ pixels, photoUrl, onSave, onClose }: { pixels: TouchUpPixels; photoUrl: string | null } & Pick<TouchUpEditorProps, 'onSave' | 'onClose'>) {
  const [brush, setBrush] = useState<BrushSettings>(DEFAULT_BRUSH);
  const [showPhoto, setShowPhoto] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const canvasRef = useRef<BrushCanvasHandle>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const redraw = useCallback((box: Box) => canvasRef.current?.redraw(box), []);
  const history = useTouchUpHistory(pixels, redraw);
  const changeBrush = useCallback((change: Partial<BrushSettings>) => setBrush((current) => ({ ...current, ...change })), []);

  const paint = useCallback(
    (stroke: BrushStroke) => {
      const patch = applyStroke(pixels.photo, pixels.alpha, stroke);
      if (!isNoopPatch(patch)) history.commit(patch);
    },
    [pixels, history.commit],
  );

  const save = async () => {
    setSaving(true);
    setSaveError(null);
    try {
      await afterPaint();
      const png = await encodePng(finishedRgba(pixels), pixels.width, pixels.height);
      await onSave(png);
    } catch (error) {
      if (mounted.current) setSaveError(error instanceof Error ? error.message : String(error));
    } finally {
      if (mounted.current) setSaving(false);
    }
  };

  useTouchUpShortcuts(
    {
      keep: () => changeBrush({ mode: 'keep' }),
      erase: () => changeBrush({ mode: 'erase' }),
      smaller: () => setBrush((current) => ({ ...current, size: stepSize(current.size, -1) })),
      bigger: () => setBrush((current) => ({ ...current, size: stepSize(current.size, 1) })),
      undo: history.undo,
      redo: history.redo,
    },
    !saving,
  );

  return (
    <div className="touchup" data-testid="touch-up-editor">
      <div className="touchup-stage card">
        <BrushCanvas ref={canvasRef} pixels={pixels} brush={brush} photoUrl={showPhoto ? photoUrl : null} disabled={saving} onStroke={paint} />
      </div>
      <div className="touchup-side">
        <TouchUpTools
          brush={brush}
          onBrush={changeBrush}
          showPhoto={showPhoto}
          onShowPhoto={setShowPhoto}
          canUndo={history.canUndo}
          canRedo={history.canRedo}
          changed={history.changed}
          saving={saving}
          onUndo={history.undo}
          onRedo={history.redo}
          onReset={() => history.commit(resetPatch(pixels))}
          onSave={() => void save()}
          onClose={onClose}
        />
        {saveError && <ErrorAlert title="Not saved:" message={saveError} />}
      </div>
    </div>
  );
}
