// The touch-up's controls: the brush (keep or erase, size, hardness), the view
// (the photo underneath), history (undo, redo, reset) and the way out (save as
// a new version, or cancel). Beside the canvas on a wide screen, under it on
// a phone.
import { Icon } from '../../../../ui/components/Icon';
import { Slider } from '../../../../ui/components/Slider';
import type { BrushMode } from '../../../../imaging/touch-up';
import { SIZE_RANGE, type BrushSettings } from './brush-settings';

export interface TouchUpToolsProps {
  brush: BrushSettings;
  onBrush(change: Partial<BrushSettings>): void;
  showPhoto: boolean;
  onShowPhoto(show: boolean): void;
  canUndo: boolean;
  canRedo: boolean;
  changed: boolean;
  saving: boolean;
  onUndo(): void;
  onRedo(): void;
  onReset(): void;
  onSave(): void;
  onClose(): void;
}

/** Curved arrows for undo and redo (the shared icon set has none). */
function HistoryIcon({ direction }: { direction: 'undo' | 'redo' }) {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M9 14L4 9l5-5M4 9h10a6 6 0 010 12h-3" transform={direction === 'redo' ? 'matrix(-1 0 0 1 24 0)' : undefined} />
    </svg>
  );
}

const MODES: { mode: BrushMode; label: string; key: string; hint: string }[] = [
  { mode: 'keep', label: 'Keep', key: 'K', hint: 'Paint back what the cut-out missed' },
  { mode: 'erase', label: 'Erase', key: 'E', hint: 'Paint away what it kept by mistake' },
];

export function TouchUpTools(props: TouchUpToolsProps) {
  const { brush, onBrush, showPhoto, onShowPhoto, canUndo, canRedo, changed, saving } = props;
  return (
    <aside className="touchup-tools card" aria-label="Touch-up tools">
      <section className="touchup-group" aria-labelledby="touchup-brush-title">
        <h2 id="touchup-brush-title" className="section-title">
          Brush
        </h2>
        <div className="touchup-modes" role="group" aria-label="Brush mode">
          {MODES.map(({ mode, label, key, hint }) => (
            <button
              key={mode}
              type="button"
              className={`touchup-mode ${mode}`}
              aria-pressed={brush.mode === mode}
              title={`${hint} (${key})`}
              data-testid={`touch-up-${mode}`}
              onClick={() => onBrush({ mode })}
            >
              <span className="touchup-swatch" aria-hidden="true" />
              {label}
            </button>
          ))}
        </div>
        <div className="touchup-sliders">
          <Slider label="Size" value={brush.size} min={SIZE_RANGE.min} max={SIZE_RANGE.max} format={(v) => `${v} px`} onChange={(size) => onBrush({ size })} testId="touch-up-size" />
          <Slider
            label="Hardness"
            value={Math.round(brush.hardness * 100)}
            min={0}
            max={100}
            format={(v) => `${v}%`}
            onChange={(v) => onBrush({ hardness: v / 100 })}
            testId="touch-up-hardness"
          />
        </div>
        <label className="switch">
          Show original
          <input type="checkbox" role="switch" checked={showPhoto} onChange={(event) => onShowPhoto(event.target.checked)} data-testid="touch-up-show-original" />
        </label>
      </section>

      <section className="touchup-group" aria-label="History">
        <div className="touchup-history">
          <button type="button" className="button small" onClick={props.onUndo} disabled={!canUndo || saving} title="Undo (Ctrl+Z)" data-testid="touch-up-undo">
            <HistoryIcon direction="undo" />
            Undo
          </button>
          <button type="button" className="button small" onClick={props.onRedo} disabled={!canRedo || saving} title="Redo (Ctrl+Shift+Z)" data-testid="touch-up-redo">
            <HistoryIcon direction="redo" />
            Redo
          </button>
          <button type="button" className="button small ghost" onClick={props.onReset} disabled={!changed || saving} title="Back to the cut-out as it was" data-testid="touch-up-reset">
            <Icon name="refresh" size={16} />
            Reset
          </button>
        </div>
        <p className="hint touchup-keys">
          Strokes snap to the photo's edges.{' '}
          <span className="touchup-keys-list">
            Keys: <kbd>K</kbd> keep, <kbd>E</kbd> erase, <kbd>[</kbd> <kbd>]</kbd> size.
          </span>
        </p>
      </section>

      <div className="touchup-actions">
        <button type="button" className="button primary" onClick={props.onSave} disabled={!changed || saving} aria-busy={saving} data-testid="touch-up-save">
          {saving ? <span className="spinner" aria-hidden="true" /> : <Icon name="check" size={16} />}
          {saving ? 'Saving…' : 'Save as new version'}
        </button>
        <button type="button" className="button" onClick={props.onClose} disabled={saving} data-testid="touch-up-cancel">
          Cancel
        </button>
      </div>
    </aside>
  );
}
