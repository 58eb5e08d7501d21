// What the scene is: one of the six sets (applied as soon as it is picked),
// or a prompt with words to avoid (applied when submitted, not per keystroke).
import { useState, type FormEvent } from 'react';
import { Icon } from '../../../ui/components/Icon';
import { Segmented } from '../../../ui/components/Segmented';
import { SCENES, type Scene } from '../shared/meta';
import type { Look } from './look';

type Mode = Look['kind'];

const MODES = [
  { value: 'scene', label: 'Sets' },
  { value: 'prompt', label: 'Prompt' },
] as const;

const SCENE_LABELS: Record<Scene, string> = {
  marble: 'Marble',
  wood: 'Wood',
  industrial: 'Industrial',
  linen: 'Linen',
  brick: 'Brick',
  counter: 'Counter',
};

export interface LookPickerProps {
  look: Look | null;
  onChange(look: Look): void;
  /** Prompt words the last render did not understand. */
  unusedWords: string[];
}

export function LookPicker({ look, onChange, unusedWords }: LookPickerProps) {
  const [mode, setMode] = useState<Mode>(look?.kind ?? 'scene');
  const [lastScene, setLastScene] = useState<Scene | null>(look?.kind === 'scene' ? look.scene : null);
  const [prompt, setPrompt] = useState(look?.kind === 'prompt' ? look.prompt : '');
  const [negativePrompt, setNegativePrompt] = useState(look?.kind === 'prompt' ? look.negativePrompt : '');

  const pickScene = (scene: Scene) => {
    setLastScene(scene);
    onChange({ kind: 'scene', scene });
  };
  const switchMode = (next: Mode) => {
    setMode(next);
    // Back to the sets: the set picked before comes back at once.
    if (next === 'scene' && lastScene) pickScene(lastScene);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (prompt.trim()) onChange({ kind: 'prompt', prompt: prompt.trim(), negativePrompt });
  };

  return (
    <div className="stack">
      <Segmented label="Scene from" value={mode} options={MODES} onChange={switchMode} />
      {mode === 'scene' ? (
        <fieldset className="bg-sets">
          <legend className="visually-hidden">Set</legend>
          {SCENES.map((scene) => (
            <label key={scene} className="bg-set">
              <input type="radio" name="bg-set" value={scene} checked={look?.kind === 'scene' && look.scene === scene} onChange={() => pickScene(scene)} />
              <span className={`bg-swatch bg-swatch-${scene}`} aria-hidden="true" />
              <span>{SCENE_LABELS[scene]}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        <form className="stack" onSubmit={submit}>
          <label className="field">
            <span>Prompt</span>
            <textarea
              className="textarea"
              rows={3}
              value={prompt}
              placeholder="e.g. terracotta podium, golden hour, minimal"
              onChange={(event) => setPrompt(event.target.value)}
              onKeyDown={(event) => {
                // Enter generates, as in a search box; Shift+Enter still breaks the line.
                if (event.key === 'Enter' && !event.shiftKey) submit(event);
              }}
            />
          </label>
          <label className="field">
            <span>Avoid</span>
            <input className="input" value={negativePrompt} placeholder="e.g. dark, cluttered, red" onChange={(event) => setNegativePrompt(event.target.value)} />
            <small>Comma separated; these are countered, not just left out.</small>
          </label>
          <button type="submit" className="button primary" disabled={!prompt.trim()}>
            <Icon name="sparkle" size={16} />
            Generate
          </button>
          {look?.kind === 'prompt' && unusedWords.length > 0 && (
            <p className="hint" role="status">
              Not understood, so left out: {unusedWords.join(', ')}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
