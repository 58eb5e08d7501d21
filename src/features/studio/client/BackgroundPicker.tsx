// What the cut-out is laid on: nothing (transparent), a colour, or an image.
import { useId } from 'react';
import { FileDrop } from '../../../ui/components/FileDrop';
import { Icon } from '../../../ui/components/Icon';
import { Segmented } from '../../../ui/components/Segmented';
import type { Background } from './studio-options';

const SWATCHES = ['#ffffff', '#f3f1ec', '#e8edf4', '#dff3e4', '#fde2e4', '#fff1c1', '#1f2937', '#000000'];

export function BackgroundPicker({ value, onChange }: { value: Background; onChange(background: Background): void }) {
  const colorId = useId();
  const color = value.kind === 'color' ? value.color : '#ffffff';
  const pickImage = (file: File) => {
    if (value.kind === 'image') URL.revokeObjectURL(value.url);
    onChange({ kind: 'image', blob: file, url: URL.createObjectURL(file), name: file.name });
  };
  return (
    <div className="stack">
      <Segmented
        label="Background"
        value={value.kind}
        onChange={(kind) => onChange(kind === 'color' ? { kind, color } : kind === 'none' ? { kind } : value)}
        options={[
          { value: 'none', label: 'Transparent' },
          { value: 'color', label: 'Colour' },
          { value: 'image', label: 'Image', disabled: value.kind !== 'image', title: 'Choose an image below' },
        ]}
      />
      <div className="swatches" role="group" aria-label="Background colours">
        {SWATCHES.map((swatch) => (
          <button
            key={swatch}
            type="button"
            className="swatch"
            style={{ background: swatch }}
            aria-label={`Background ${swatch}`}
            aria-pressed={value.kind === 'color' && value.color === swatch}
            onClick={() => onChange({ kind: 'color', color: swatch })}
          />
        ))}
        <label className="swatch swatch-custom" htmlFor={colorId} title="Any colour">
          <Icon name="palette" size={16} />
          <input
            id={colorId}
            type="color"
            className="visually-hidden"
            aria-label="Custom background colour"
            value={color}
            onChange={(event) => onChange({ kind: 'color', color: event.target.value })}
          />
        </label>
      </div>
      <FileDrop
        compact
        accept="image/png,image/jpeg,image/webp"
        onFiles={([file]) => pickImage(file)}
        icon="image"
        label="Choose a background image"
        title={value.kind === 'image' ? value.name : 'Background image'}
        hint={value.kind === 'image' ? 'Choose another' : 'Drop or choose a photo to place it on'}
      />
    </div>
  );
}
