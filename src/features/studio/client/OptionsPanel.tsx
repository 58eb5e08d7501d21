// The studio's controls: crop and margins, shadow, background. Every change
// re-finishes the cut-out live; none of them runs the model again.
import { useState } from 'react';
import { Slider } from '../../../ui/components/Slider';
import { BackgroundPicker } from './BackgroundPicker';
import { describeDirection, SIDES, type Side, type StudioOptions } from './studio-options';

const percent = (value: number) => `${value}%`;
const fraction = (value: number) => `${Math.round(value * 100)}%`;

function Switch({ label, checked, onChange, testId }: { label: string; checked: boolean; onChange(value: boolean): void; testId?: string }) {
  return (
    <label className="switch">
      {label}
      <input type="checkbox" role="switch" checked={checked} onChange={(event) => onChange(event.target.checked)} data-testid={testId} />
    </label>
  );
}

export function OptionsPanel({ options, onChange }: { options: StudioOptions; onChange(options: StudioOptions): void }) {
  const { margins, shadow } = options;
  const uniform = SIDES.every((side) => margins[side] === margins.top);
  const [perSide, setPerSide] = useState(!uniform);
  const setMargin = (side: Side, value: number) => onChange({ ...options, margins: { ...margins, [side]: value } });
  const setShadow = (change: Partial<StudioOptions['shadow']>) => onChange({ ...options, shadow: { ...shadow, ...change } });

  return (
    <div className="options">
      <section className="option-group" aria-labelledby="crop-title">
        <h3 id="crop-title" className="visually-hidden">
          Crop
        </h3>
        <Switch label="Crop to the subject" checked={options.crop} onChange={(crop) => onChange({ ...options, crop })} testId="studio-crop" />
        {options.crop && (
          <div className="stack">
            {perSide ? (
              SIDES.map((side) => (
                <Slider key={side} label={`Margin ${side}`} value={margins[side]} min={0} max={49} onChange={(v) => setMargin(side, v)} format={percent} />
              ))
            ) : (
              <Slider
                label="Margin"
                value={margins.top}
                min={0}
                max={49}
                onChange={(v) => onChange({ ...options, margins: { top: v, right: v, bottom: v, left: v } })}
                format={percent}
              />
            )}
            <label className="check small">
              <input
                type="checkbox"
                checked={perSide}
                onChange={(event) => {
                  setPerSide(event.target.checked);
                  if (!event.target.checked) onChange({ ...options, margins: { top: margins.top, right: margins.top, bottom: margins.top, left: margins.top } });
                }}
              />
              Set each side
            </label>
          </div>
        )}
      </section>

      <section className="option-group" aria-labelledby="shadow-title">
        <h3 id="shadow-title" className="visually-hidden">
          Shadow
        </h3>
        <Switch label="Shadow" checked={shadow.enabled} onChange={(enabled) => setShadow({ enabled })} testId="studio-shadow" />
        {shadow.enabled && (
          <div className="stack">
            <Slider label="Light direction" value={shadow.direction} min={-180} max={180} step={1} onChange={(direction) => setShadow({ direction })} format={describeDirection} />
            <Slider label="Light height" value={shadow.height} min={0.1} max={2} step={0.05} onChange={(height) => setShadow({ height })} format={(v) => `${v.toFixed(2)}× (lower is longer)`} />
            <Slider label="Softness" value={shadow.softness} min={0} max={1} step={0.05} onChange={(softness) => setShadow({ softness })} format={fraction} />
            <Slider label="Opacity" value={shadow.opacity} min={0} max={1} step={0.05} onChange={(opacity) => setShadow({ opacity })} format={fraction} />
          </div>
        )}
      </section>

      <section className="option-group" aria-labelledby="background-title">
        <h3 id="background-title" className="field-label">
          Background
        </h3>
        <BackgroundPicker value={options.background} onChange={(background) => onChange({ ...options, background })} />
      </section>
    </div>
  );
}
