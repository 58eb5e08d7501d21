// The studio: drop, paste or pick images; each is cut out in turn; adjust
// crop, shadow and background live; take the result away as PNG or JPEG.
import { useCallback, useMemo } from 'react';
import { FileDrop } from '../../../ui/components/FileDrop';
import { Icon } from '../../../ui/components/Icon';
import { Link } from '../../../ui/router';
import { SAMPLE_IMAGE, sampleFile } from '../../../ui/samples';
import { ExportPanel } from './ExportPanel';
import { OptionsPanel } from './OptionsPanel';
import { QueueList } from './QueueList';
import { Stage } from './Stage';
import { engineOptions } from './studio-options';
import { useStudioSession } from './studio-session';
import { useComposePreview } from './useComposePreview';
import { IMAGE_TYPES, usePasteImages } from './usePasteImages';
import './studio.css';

const ACCEPT = IMAGE_TYPES.join(',');
const LIMITS = 'PNG, JPEG or WebP · up to 25 MB and 6000 × 6000 px';

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
      <p className="welcome-sample">
        No image at hand?{' '}
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
            <span className="muted">Drop many images at once: they are cut out one after another.</span>
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
  const [state, session] = useStudioSession();
  const { items, options } = state;
  const add = useCallback((files: File[]) => session.add(files), [session]);
  usePasteImages(add);

  const selected = items.find((item) => item.id === state.selectedId) ?? items[0];
  const engine = useMemo(() => engineOptions(options), [options]);
  const preview = useComposePreview(selected?.status === 'done' ? selected.cutout : undefined, engine);
  const done = items.filter((item) => item.status === 'done');
  const waiting = items.filter((item) => item.status === 'queued');

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
          </div>
        )}
      </header>
      {!selected ? (
        <Welcome onFiles={add} />
      ) : (
        <div className="studio">
          <section className="card stage-card" aria-label="Preview">
            <div className="stage-head">
              <span className="stage-title" title={selected.file.name}>
                {selected.file.name}
              </span>
              {selected.cutout && (
                <span className="hint">
                  Cut out in {selected.cutout.seconds.toFixed(1)} s · {selected.cutout.engine}
                  {selected.resultId && (
                    <>
                      {' · '}
                      <Link href="/history">saved to History</Link>
                    </>
                  )}
                </span>
              )}
            </div>
            <Stage
              item={selected}
              place={waiting.indexOf(selected) + 1}
              preview={preview}
              background={options.background}
              cropped={options.crop}
              onCancel={() => session.cancel(selected.id)}
              onRetry={() => session.retry(selected.id)}
            />
          </section>
          <section className="card studio-batch" aria-labelledby="queue-title">
            <div className="card-header">
              <h2 id="queue-title">Batch</h2>
              <span className="muted small">
                {done.length} of {items.length} done
              </span>
            </div>
            <QueueList items={items} selectedId={selected.id} onSelect={(id) => session.select(id)} onCancel={(id) => session.cancel(id)} />
            <FileDrop compact accept={ACCEPT} multiple onFiles={add} label="Add more images" title="Add more images" hint="Drop, paste or choose" icon="plus" />
          </section>
          <aside className="studio-side">
            <section className="card" aria-labelledby="adjust-title">
              <h2 id="adjust-title">Adjust</h2>
              <OptionsPanel options={options} onChange={(next) => session.setOptions(next)} />
            </section>
            <section className="card" aria-labelledby="export-title">
              <h2 id="export-title">Export</h2>
              <ExportPanel item={selected} done={done} preview={preview.preview} options={engine} background={options.background} />
            </section>
          </aside>
        </div>
      )}
    </div>
  );
}
