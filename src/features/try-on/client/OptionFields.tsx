// The try-on options a person sets in the app beside the garment's kind
// (GarmentKindField): whether to cut the garment out of its photo first, and
// whether the result keeps its background.
import type { ReactNode } from 'react';
import type { TryOnOptions } from '../shared/meta';

export type PageOptions = Pick<TryOnOptions, 'garmentMode' | 'preprocessGarment' | 'removeBackground'>;

export const DEFAULT_OPTIONS: PageOptions = { garmentMode: 'auto', preprocessGarment: true, removeBackground: false };

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
