// The try-on options a person sets in the app: how to read the garment, whether
// to cut it out of its photo first, and whether the result keeps its background.
import type { ReactNode } from 'react';
import { Segmented } from '../../../ui/components/Segmented';
import type { GarmentMode, TryOnOptions } from '../shared/meta';
import { MODE_LABELS } from './job-text';

export type PageOptions = Pick<TryOnOptions, 'garmentMode' | 'preprocessGarment' | 'removeBackground'>;

export const DEFAULT_OPTIONS: PageOptions = { garmentMode: 'auto', preprocessGarment: true, removeBackground: false };

/** The segmented control's order, as people think of a garment: top to bottom. */
const MODE_ORDER: readonly GarmentMode[] = ['auto', 'upper', 'lower', 'full'];

const MODE_HINTS: Record<GarmentMode, string> = {
  auto: 'Its shape decides: top, bottom or full length.',
  upper: 'Shoulders to hips: tees, shirts, sweaters, jackets.',
  lower: 'Waist down: trousers, shorts, skirts.',
  full: 'Shoulders down: dresses, jumpsuits, long coats.',
};

function Toggle({ label, hint, checked, onChange, testId }: { label: string; hint: ReactNode; checked: boolean; onChange(checked: boolean): void; testId: string }) {
  return (
    <label className="switch tryon-toggle">
      <span className="stack" style={{ gap: 0 }}>
        {label}
        <span className="hint">{hint}</span>
      </span>
      <input type="checkbox" role="switch" checked={checked} onChange={(event) => onChange(event.target.checked)} data-testid={testId} />
    </label>
  );
}

export function OptionFields({ options, onChange }: { options: PageOptions; onChange(options: PageOptions): void }) {
  return (
    <div className="stack">
      <div className="stack" style={{ gap: 'var(--space-1)' }}>
        <Segmented
          label="Garment"
          showLabel
          value={options.garmentMode}
          onChange={(garmentMode) => onChange({ ...options, garmentMode })}
          options={MODE_ORDER.map((value) => ({ value, label: MODE_LABELS[value] }))}
        />
        <span className="hint" data-testid="tryon-mode-hint">
          {MODE_HINTS[options.garmentMode]}
        </span>
      </div>
      <Toggle
        label="Remove garment background"
        hint="Cut it out of its photo first (a transparent PNG is used as is)."
        checked={options.preprocessGarment}
        onChange={(preprocessGarment) => onChange({ ...options, preprocessGarment })}
        testId="tryon-preprocess"
      />
      <Toggle
        label="Transparent result"
        hint="Only the dressed person, as a PNG."
        checked={options.removeBackground}
        onChange={(removeBackground) => onChange({ ...options, removeBackground })}
        testId="tryon-transparent"
      />
    </div>
  );
}
