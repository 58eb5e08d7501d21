// A choice of a few values as one row of buttons: radio inputs underneath,
// so arrow keys move between them and a screen reader hears a group.
import { useId, type ReactNode } from 'react';

export interface SegmentedOption<T extends string> {
  value: T;
  label: ReactNode;
  disabled?: boolean;
  title?: string;
}

export interface SegmentedProps<T extends string> {
  label: string;
  value: T;
  options: readonly SegmentedOption<NoInfer<T>>[];
  onChange(value: NoInfer<T>): void;
  /** Show the group's label above it (otherwise it is for screen readers only). */
  showLabel?: boolean;
}

export function Segmented<T extends string>({ label, value, options, onChange, showLabel }: SegmentedProps<T>) {
  const name = useId();
  return (
    <fieldset className="segmented-field">
      <legend className={showLabel ? 'field-label' : 'visually-hidden'}>{label}</legend>
      <div className="segmented">
        {options.map((option) => (
          <label key={option.value} title={option.title}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
