// The studio: drop, paste, pick or photograph images (or pick a whole folder),
// or share or open them with the installed app; each is written
// to IndexedDB and cut out in turn by the job runner, so the batch survives a
// reload; adjust crop, shadow and background live for the batch or one image;
// take the results away one by one or as one ZIP. Cut-outs stay in the library.
import { useCallback, useMemo, useState } from 'react';
import { CameraButton } from '../../../ui/components/CameraButton';
import { FileDrop } from '../../../ui/components/FileDrop';
import { Icon } from '../../../ui/components/Icon';
import { Link } from '../../../ui/navigation';
import { SAMPLE_IMAGE, sampleFile } from '../../../ui/samples';
import { ExportPanel } from './ExportPanel';
import { OptionsPanel } from './OptionsPanel';
import { Segmented } from '../../../ui/components/Segmented';
import { batchProgress, type BatchItem } from './batch';
import { BatchBar } from './BatchBar';
import { useCutout } from './cutout';
import { QueueList } from './QueueList';
import { Stage } from './Stage';
import { DEFAULT_STUDIO_OPTIONS, engineOptions, type StudioOptions } from './studio-options';
import { useBatch, type FinishScope } from './useBatch';
import { useComposePreview } from './useComposePreview';
import { useIncomingFiles } from './useIncomingFiles';
import { IMAGE_TYPES, usePasteImages } from './usePasteImages';
import './studio.css';

const ACCEPT = IMAGE_TYPES.join(',');
const LIMITS = 'PNG, JPEG or WebP · up to 25 MB and 6000 × 6000 px';

/** Picks every image in a folder (and its subfolders). */
function FolderButton({ onFiles }: { onFiles(files: File[]): void }) {
  return (
    <label className="button small">
      <Icon name="folder" size={14} />
      Choose a folder
      <input
        type="file"
        multiple
        className="visually-hidden"
        data-testid="studio-folder"
        ref={(input) => input?.setAttribute('webkitdirectory', '')}
        onChange={(event) => {
          onFiles(Array.from(event.target.files ?? []).filter((file) => IMAGE_TYPES.includes(file.type)));
          event.target.value = '';
        }}
      />
    </label>
  );
}

function Welcome({ onFiles }: { onFiles(files: File[]): void }) {
  const trySample = async () => onFiles([await sampleFile(SAMPLE_IMAGE)]);
  return (
    <div className="stack-lg">
      <FileDrop
        accept={ACCEPT}
        multiple
        onFiles={onFiles}
        label="Choose images"
        testId="studio-file"
        title="Drop images here, or choose them"
        hint={
          <>
            or paste one with <kbd>Ctrl</kbd> + <kbd>V</kbd> · {LIMITS}
          </>
        }
      />
      <CameraButton onFiles={onFiles} label="Take a photo" className="primary" testId="studio-camera" />
      <p className="sample-line">
        <FolderButton onFiles={onFiles} />
        {' · '}No image at hand?{' '}
        <button type="button" className="button small" onClick={() => void trySample()}>
          <Icon name="image" size={14} />
          Try the sample photo
        </button>
      </p>
      <ul className="features" aria-label="What the studio does">
        <li>
          <Icon name="cpu" />
          <span>
            <strong>Private by design</strong>
            <span className="muted">The model runs in this browser. Nothing is uploaded, and it works offline.</span>
          </span>
        </li>
        <li>
          <Icon name="layers" />
          <span>
            <strong>Batches</strong>
            <span className="muted">Drop hundreds of images or a folder: each is saved first, so a reload or a closed tab loses nothing.</span>
          </span>
        </li>
        <li>
          <Icon name="sliders" />
          <span>
            <strong>Live finishing</strong>
            <span className="muted">Crop, shadow and background update instantly, without running the model again.</span>
          </span>
        </li>
      </ul>
    </div>
  );
}

export function StudioPage() {
  const batch = useBatch();
  const { view } = batch;
  const items = view?.items ?? [];
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [scope, setScope] = useState<FinishScope>('batch');
  const add = useCallback((files: File[]) => void batch.add(files), [batch.add]);
  usePasteImages(add);
  useIncomingFiles(batch.add, batch.loaded);

  const selected = items.find((item) => item.id === selectedId) ?? items[0];
  const finishOf = useCallback(
    (item: BatchItem): StudioOptions => view?.batch.itemFinish[item.id] ?? view?.batch.finish ?? DEFAULT_STUDIO_OPTIONS,
    [view?.batch],
  );
  const ownFinish = selected !== undefined && view?.batch.itemFinish[selected.id] !== undefined;
  const options = selected ? finishOf(selected) : (view?.batch.finish ?? DEFAULT_STUDIO_OPTIONS);
  const engine = useMemo(() => engineOptions(options), [options]);
  const cutout = useCutout(selected?.status === 'done' ? selected : undefined);
  const preview = useComposePreview(cutout, engine);
  const done = useMemo(() => items.filter((item) => item.status === 'done'), [items]);
  const waiting = items.filter((item) => item.status === 'queued');
  const progress = useMemo(() => batchProgress(items), [items]);
  const remove = useCallback((id: string) => batch.remove(id), [batch.remove]);

  if (!batch.loaded) return <div className="page" aria-busy="true" />;

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>Studio</h1>
          <p>Remove the background of any image, right here on your device. Then crop it, give it a shadow or a new background.</p>
        </div>
        {items.length > 0 && (
          <div className="row">
            <label className="button primary">
              <Icon name="plus" size={16} />
              Add images
              <input
                type="file"
                accept={ACCEPT}
                multiple
                className="visually-hidden"
                data-testid="studio-file"
                onChange={(event) => {
                  add(Array.from(event.target.files ?? []));
                  event.target.value = '';
                }}
              />
            </label>
            <CameraButton onFiles={add} label="Take a photo" className="" testId="studio-camera" />
          </div>
        )}
      </header>
      {!selected || !view ? (
        <Welcome onFiles={add} />
      ) : (
        <div className="studio">
          <section className="card stage-card" aria-label="Preview">
            <div className="stage-head">
              <span className="stage-title" title={selected.fileName}>
                {selected.fileName}
              </span>
              {selected.status === 'done' && (
                <span className="hint">
                  {selected.cutout?.touchedUp ? 'Touched up · ' : ''}
                  <Link href={`/library/${selected.id}`}>in the library</Link>
                  {' · '}
                  <Link href={`/library/${selected.id}/touch-up`} data-testid="studio-touch-up">
                    Touch up
                  </Link>
                </span>
              )}
            </div>
            <Stage
              item={selected}
              place={waiting.indexOf(selected) + 1}
              preview={preview}
              background={options.background}
              cropped={options.crop}
              onCancel={() => batch.remove(selected.id)}
              onRetry={() => batch.retry([selected.id])}
            />
          </section>
          <section className="card studio-batch" aria-labelledby="queue-title">
            <div className="card-header">
              <h2 id="queue-title">Batch</h2>
              <span className="muted small truncate">{view.batch.name}</span>
            </div>
            <BatchBar
              progress={progress}
              paused={view.batch.paused}
              onPause={batch.pause}
              onResume={batch.resume}
              onRetryFailed={() => batch.retry(items.filter((item) => item.status === 'failed').map((item) => item.id))}
              onNewBatch={() => {
                setSelectedId(null);
                batch.newBatch();
              }}
            />
            <QueueList items={items} selectedId={selected.id} onSelect={setSelectedId} onRemove={remove} />
            <FileDrop compact accept={ACCEPT} multiple onFiles={add} label="Add more images" title="Add more images" hint="Drop, paste or choose" icon="plus" />
          </section>
          <aside className="studio-side side-panel">
            <section className="card" aria-labelledby="adjust-title">
              <div className="card-header">
                <h2 id="adjust-title">Adjust</h2>
              </div>
              <div className="stack">
                <Segmented
                  label="Apply to"
                  value={ownFinish ? 'item' : scope}
                  onChange={(next) => {
                    setScope(next);
                    if (next === 'batch' && ownFinish) batch.followBatch(selected.id);
                  }}
                  options={[
                    { value: 'batch', label: 'Whole batch' },
                    { value: 'item', label: 'This image' },
                  ]}
                />
                <OptionsPanel options={options} onChange={(next) => batch.setFinish(next, ownFinish ? 'item' : scope, selected.id)} />
              </div>
            </section>
            <section className="card" aria-labelledby="export-title">
              <h2 id="export-title">Export</h2>
              <ExportPanel
                item={selected}
                cutout={cutout}
                done={done}
                batchName={view.batch.name}
                finishOf={finishOf}
                preview={preview.preview}
                options={engine}
                background={options.background}
              />
            </section>
          </aside>
        </div>
      )}
    </div>
  );
}
