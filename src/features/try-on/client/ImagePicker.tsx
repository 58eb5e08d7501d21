// One of the two pickers (person, garment): a drop zone until an image is
// chosen, then its preview, which still takes a dropped file or a new choice;
// on a phone or a tablet a button to take the photo with the camera; the
// samples below.
import { useRef, useState, type DragEvent } from 'react';
import { CameraButton } from '../../../ui/components/CameraButton';
import { ErrorAlert } from '../../../ui/components/ErrorAlert';
import { FileDrop } from '../../../ui/components/FileDrop';
import { Icon } from '../../../ui/components/Icon';
import { sampleFile } from '../../../ui/samples';
import type { TryOnSample } from './samples';
import { SampleRow } from './SampleRow';
import type { ChosenImage } from './useChosenImage';

export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp';

const isImage = (file: File) => IMAGE_ACCEPT.split(',').includes(file.type);

export interface ImagePickerProps {
  kind: 'person' | 'garment';
  title: string;
  /** What makes a good photo, shown in the drop zone. */
  hint: string;
  samples: readonly TryOnSample[];
  chosen: ChosenImage | null;
  onChoose(file: File, sample?: TryOnSample): void;
}

/** The chosen image, as a drop target too, with a button to choose another. */
function ChosenPreview({ kind, chosen, onFile }: { kind: string; chosen: ChosenImage; onFile(file: File): void }) {
  const [over, setOver] = useState(false);
  const hover = (event: DragEvent) => {
    event.preventDefault();
    setOver(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = Array.from(event.dataTransfer.files).find(isImage);
    if (file) onFile(file);
  };
  return (
    <div className={`tryon-chosen${over ? ' active' : ''}`} onDragOver={hover} onDragEnter={hover} onDragLeave={() => setOver(false)} onDrop={drop}>
      <img src={chosen.url} alt={`The ${kind} photo: ${chosen.name}`} draggable={false} data-testid={`tryon-${kind}-preview`} />
      <div className="tryon-chosen-bar">
        <span className="truncate" title={chosen.name}>
          {chosen.name}
        </span>
        <label className="button small">
          <Icon name="upload" size={14} />
          Change
          <input
            type="file"
            accept={IMAGE_ACCEPT}
            className="visually-hidden"
            aria-label={`Choose another ${kind} photo`}
            data-testid={`tryon-${kind}-file`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) onFile(file);
              event.target.value = '';
            }}
          />
        </label>
      </div>
    </div>
  );
}

export function ImagePicker({ kind, title, hint, samples, chosen, onChoose }: ImagePickerProps) {
  const [sampleError, setSampleError] = useState<string | null>(null);
  // Only the sample pressed last may land, however the fetches finish.
  const lastSample = useRef<string | null>(null);
  const headingId = `tryon-${kind}-title`;
  const pickSample = async (sample: TryOnSample) => {
    lastSample.current = sample.id;
    setSampleError(null);
    try {
      const file = await sampleFile(sample.path);
      if (lastSample.current === sample.id) onChoose(file, sample);
    } catch (error) {
      setSampleError((error as Error).message);
    }
  };
  const chooseFile = (file: File) => {
    lastSample.current = null;
    onChoose(file);
  };
  return (
    <section className="tryon-picker" aria-labelledby={headingId} data-testid={`tryon-${kind}`}>
      <h3 id={headingId} className="tryon-picker-title">
        {title}
      </h3>
      {chosen ? (
        <ChosenPreview kind={kind} chosen={chosen} onFile={chooseFile} />
      ) : (
        <FileDrop
          accept={IMAGE_ACCEPT}
          onFiles={([file]) => chooseFile(file)}
          icon={kind === 'person' ? 'image' : 'upload'}
          label={`Choose a ${kind} photo`}
          testId={`tryon-${kind}-file`}
          title="Drop a photo, or choose one"
          hint={
            <>
              {hint}
              <br />
              PNG, JPEG or WebP
            </>
          }
        />
      )}
      <CameraButton onFiles={([file]) => chooseFile(file)} label={`Take a ${kind} photo`} className="" testId={`tryon-${kind}-camera`} />
      {sampleError && <ErrorAlert message={sampleError} />}
      <SampleRow kind={kind} samples={samples} chosenId={chosen?.sampleId ?? null} onPick={(sample) => void pickSample(sample)} />
    </section>
  );
}
