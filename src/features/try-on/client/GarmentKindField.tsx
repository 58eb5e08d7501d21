// The garment's kind, under the two pickers: what the chosen garment was read
// as ("Read as: Dress", or why it could not be read), and the control that
// sets the job's garment_mode: Auto (the kind read), Top, Bottom or Dress.
import { Icon } from '../../../ui/components/Icon';
import { Segmented } from '../../../ui/components/Segmented';
import type { GarmentMode } from '../shared/meta';
import { KIND_LABELS, modeLabel } from './job-text';
import type { GarmentKindState } from './useGarmentKind';

/** The control's order, as people think of a garment: top to bottom. */
const MODE_ORDER: readonly GarmentMode[] = ['auto', 'upper', 'lower', 'full'];

const MODE_HINTS: Record<Exclude<GarmentMode, 'auto'>, string> = {
  upper: 'Shoulders to hips: tees, shirts, sweaters, jackets.',
  lower: 'Waist down: trousers, shorts, skirts.',
  full: 'Shoulders down: dresses, jumpsuits, long coats.',
};

/** "the garment photo: nothing was found" → "The garment photo: nothing was found." */
function sentence(message: string): string {
  const text = message.trim().replace(/[.\s]+$/, '');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function autoHint(read: GarmentKindState): string {
  if (read.status === 'read') return `Its shape decides: ${read.reason}.`;
  return 'Its shape decides: top, bottom or dress.';
}

/** What the garment was read as, beside the field's label. */
function Reading({ read }: { read: GarmentKindState }) {
  return (
    <span className={`tryon-kind-read ${read.status}`} role="status" data-testid="tryon-kind-read">
      {read.status === 'reading' && (
        <>
          <span className="spinner" aria-hidden="true" />
          Reading the garment…
        </>
      )}
      {read.status === 'read' && (
        <span>
          Read as: <strong>{KIND_LABELS[read.kind]}</strong>
        </span>
      )}
      {read.status === 'failed' && (
        <>
          <Icon name="alert" size={14} />
          Could not read it
        </>
      )}
    </span>
  );
}

export interface GarmentKindFieldProps {
  mode: GarmentMode;
  read: GarmentKindState;
  onChange(mode: GarmentMode): void;
}

export function GarmentKindField({ mode, read, onChange }: GarmentKindFieldProps) {
  const kind = read.status === 'read' ? read.kind : undefined;
  return (
    <div className="tryon-kind" data-testid="tryon-kind">
      <div className="tryon-kind-head">
        {/* The group's name for assistive technology is the control's own legend. */}
        <span className="field-label" aria-hidden="true">
          Garment kind
        </span>
        <Reading read={read} />
      </div>
      <Segmented
        label="Garment kind"
        value={mode}
        onChange={onChange}
        options={MODE_ORDER.map((value) => ({ value, label: modeLabel(value, kind) }))}
      />
      {read.status === 'failed' && (
        <p className="tryon-kind-problem" aria-live="polite" data-testid="tryon-kind-problem">
          {sentence(read.message)} Choose its kind yourself, or another photo.
        </p>
      )}
      <span className="hint" data-testid="tryon-mode-hint">
        {mode === 'auto' ? autoHint(read) : MODE_HINTS[mode]}
      </span>
    </div>
  );
}
