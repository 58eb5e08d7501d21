// A new try-on: the person and the garment side by side, the kind the garment
// reads as (which the user may change), the options, and the button that
// stores the job for an engine to run. The photos stay chosen afterwards, so
// another garment can go on the same person at once.
import { useState, type FormEvent } from 'react';
import { appClock } from '../../../store/clock';
import { ErrorAlert } from '../../../ui/components/ErrorAlert';
import { Icon } from '../../../ui/components/Icon';
import { studioDatabase } from '../../../store/database';
import { createTryOnJob } from '../shared/jobs';
import { tryOnMeta } from '../shared/meta';
import { ImagePicker } from './ImagePicker';
import { jobLabel } from './job-text';
import { GarmentKindField } from './GarmentKindField';
import { DEFAULT_OPTIONS, OptionFields, type PageOptions } from './OptionFields';
import { GARMENT_SAMPLES, PERSON_SAMPLES, type TryOnSample } from './samples';
import { announceJobs } from '../../../ui/useJobs';
import { useChosenImage } from './useChosenImage';
import { useGarmentKind } from './useGarmentKind';

export function NewTryOnJob({ onCreated }: { onCreated(): void }) {
  const [person, choosePerson] = useChosenImage();
  const [garment, chooseGarment] = useChosenImage();
  const [options, setOptions] = useState<PageOptions>(DEFAULT_OPTIONS);
  const read = useGarmentKind(garment?.file ?? null, options.preprocessGarment);
  // A kind chosen by hand was for the garment it corrected: a new garment starts from its own reading.
  const chooseNewGarment = (file: File, sample?: TryOnSample) => {
    chooseGarment(file, sample);
    setOptions((current) => ({ ...current, garmentMode: 'auto' }));
  };
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (!person || !garment) return;
    setCreating(true);
    setError(null);
    try {
      await createTryOnJob(await studioDatabase(), {
        person: person.file,
        garment: garment.file,
        // The page follows the job in its list; it never waits on a request.
        options: { ...options, waitForResult: false },
        label: jobLabel(person.name, garment.name),
        keyId: null,
        now: appClock.now(),
      });
      announceJobs();
      onCreated();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setCreating(false);
    }
  };

  const missing = !person ? 'Choose a person photo first.' : !garment ? 'Choose a garment photo first.' : null;

  return (
    <form className="stack-lg" onSubmit={create} aria-label="New try-on">
      <div className="tryon-pickers">
        <ImagePicker
          kind="person"
          title="Person"
          hint="Standing, facing the camera"
          samples={PERSON_SAMPLES}
          chosen={person}
          onChoose={choosePerson}
        />
        <ImagePicker kind="garment" title="Garment" hint="Laid flat, on a plain background" samples={GARMENT_SAMPLES} chosen={garment} onChoose={chooseNewGarment} />
      </div>
      <GarmentKindField mode={options.garmentMode} read={read} onChange={(garmentMode) => setOptions({ ...options, garmentMode })} />
      <hr className="divider" />
      <OptionFields options={options} onChange={setOptions} />
      {error && <ErrorAlert message={error} />}
      <div className="stack" style={{ gap: 'var(--space-2)' }}>
        <button type="submit" className="button primary block" disabled={missing !== null || creating} data-testid="tryon-create">
          {creating ? <span className="spinner" aria-hidden="true" /> : <Icon name="sparkle" size={16} />}
          Try on
        </button>
        <p className="hint tryon-submit-hint">{missing ?? `Free in the app. Through the API a try-on costs ${tryOnMeta.cost} credits.`}</p>
      </div>
    </form>
  );
}
