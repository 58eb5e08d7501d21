// Backgrounds: put a product on one of six sets or a prompted scene, see four
// seeded variants side by side, place the product by dragging and scaling it,
// give one tile a new seed, and download the one you like as a JPEG or keep
// it in the library.
import { useEffect, useState } from 'react';
import { ErrorAlert } from '../../../ui/components/ErrorAlert';
import { FileDrop } from '../../../ui/components/FileDrop';
import { Icon } from '../../../ui/components/Icon';
import { ProgressBar } from '../../../ui/components/ProgressBar';
import { downloadBlob, fileStem } from '../../../ui/download';
import { formatPercent } from '../../../ui/format';
import { SAMPLE_IMAGE, sampleFile } from '../../../ui/samples';
import { keepInLibrary } from '../../../ui/keep-in-library';
import { Link } from '../../../ui/navigation';
import { useEngineStatus, useServices } from '../../../ui/services';
import { progressView } from '../../../ui/progress-label';
import { generateBackgroundMeta } from '../shared/meta';
import { LookPicker } from './LookPicker';
import { lookName, START_PLACEMENT, type Look, type Placement } from './look';
import { PlacementStage } from './PlacementStage';
import { useProduct, type ProductState } from './useProduct';
import { useVariants } from './useVariants';
import { VariantStrip } from './VariantStrip';
import './backgrounds.css';

const ACCEPT = 'image/png,image/jpeg,image/webp';
const SIDE = generateBackgroundMeta.canvasSize;

function ProductPicker({ onFile }: { onFile(file: File): void }) {
  const trySample = async () => onFile(await sampleFile(SAMPLE_IMAGE));
  return (
    <div className="stack-lg">
      <FileDrop
        accept={ACCEPT}
        onFiles={([file]) => onFile(file)}
        label="Choose a product image"
        testId="bg-file"
        title="Drop a product image here, or choose one"
        hint="A PNG with transparency is used as is; a photo is cut out first (about 10 s)."
      />
      <p className="sample-line">
        No image at hand?{' '}
        <button type="button" className="button small" onClick={() => void trySample()}>
          <Icon name="image" size={14} />
          Try the sample sneaker
        </button>
      </p>
    </div>
  );
}

/** The product while it is read and, for a photo, cut out; or why that failed. */
function ProductStatus({ state, onFile }: { state: Exclude<ProductState, { status: 'empty' | 'ready' }>; onFile(file: File): void }) {
  const engine = useEngineStatus();
  if (state.status === 'failed') {
    return (
      <div className="card stack">
        <ErrorAlert title={`${state.name} could not be used.`} message={state.error.message} code={state.error.code} />
        <ProductPicker onFile={onFile} />
      </div>
    );
  }
  const view = progressView(state.progress, engine);
  return (
    <div className="card bg-preparing" role="status" aria-live="polite" data-testid="bg-preparing">
      <img src={state.sourceUrl} alt="" />
      <div className="stack">
        <strong>{state.progress ? `Cutting out ${state.name}: ${view.label.toLowerCase()}` : `Reading ${state.name}…`}</strong>
        <ProgressBar value={view.fraction} label={view.label} />
        <span className="hint">
          {view.fraction !== null && `${formatPercent(view.fraction)} · `}The product is cut out once; every variant reuses it.
        </span>
      </div>
    </div>
  );
}

export function BackgroundsPage() {
  const [productState, loadProduct] = useProduct();
  const product = productState.status === 'ready' ? productState.product : null;
  const [look, setLook] = useState<Look | null>(null);
  const [placement, setPlacement] = useState<Placement>(START_PLACEMENT);
  const [selected, setSelected] = useState(0);
  const { variants, regenerate } = useVariants(product, look, placement, selected);
  const chosen = variants[selected];

  // Each product starts in the middle again: a place chosen for the last one need not suit it.
  useEffect(() => {
    if (product) setPlacement(START_PLACEMENT);
  }, [product]);

  const { engine } = useServices();
  const [kept, setKept] = useState<{ seed: number; id: string } | null>(null);
  const [keeping, setKeeping] = useState(false);
  const keep = () => {
    const image = chosen.image;
    if (!product || !look || !image) return;
    setKeeping(true);
    const name = `${fileStem(product.name)}-${lookName(look)}-${image.seed}`;
    const made = { blob: image.blob, contentType: 'image/jpeg', ext: generateBackgroundMeta.extension, width: SIDE, height: SIDE, route: 'backgrounds' };
    void keepInLibrary(engine, made, { kind: 'background', name })
      .then((id) => setKept({ seed: image.seed, id }))
      .finally(() => setKeeping(false));
  };

  const download = () => {
    if (!product || !look || !chosen.image) return;
    downloadBlob(chosen.image.blob, `${fileStem(product.name)}-${lookName(look)}-${chosen.image.seed}.${generateBackgroundMeta.extension}`);
  };

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>Backgrounds</h1>
          <p>Set your product in a photographed-looking scene: six studio sets, or describe one. Made on this device; the product itself is never repainted.</p>
        </div>
        {productState.status !== 'empty' && (
          <div className="row">
            <label className="button">
              <Icon name="image" size={16} />
              Change product
              <input
                type="file"
                accept={ACCEPT}
                className="visually-hidden"
                data-testid="bg-file"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) loadProduct(file);
                  event.target.value = '';
                }}
              />
            </label>
          </div>
        )}
      </header>
      {productState.status === 'empty' && <ProductPicker onFile={loadProduct} />}
      {(productState.status === 'preparing' || productState.status === 'failed') && <ProductStatus state={productState} onFile={loadProduct} />}
      {product && (
        <div className="backgrounds">
          <section className="card bg-main" aria-labelledby="bg-canvas-title">
            <div className="card-header">
              <h2 id="bg-canvas-title" className="truncate" title={product.name}>
                {product.name}
              </h2>
              <span className="hint">{product.cutOut ? 'Background removed here' : 'Transparent image, used as is'} · drag the box to move it</span>
            </div>
            <div className="bg-workspace">
              <PlacementStage variant={chosen} index={selected} visible={product.visible} placement={placement} onPlace={setPlacement} idle={!look} />
              <VariantStrip variants={variants} selected={selected} idle={!look} onSelect={setSelected} onRegenerate={regenerate} />
            </div>
          </section>
          <aside className="side-panel">
            <section className="card" aria-labelledby="bg-look-title">
              <h2 id="bg-look-title">Scene</h2>
              <LookPicker look={look} onChange={setLook} unusedWords={chosen.image?.unusedWords ?? []} />
            </section>
            <section className="card" aria-labelledby="bg-export-title">
              <h2 id="bg-export-title">Download</h2>
              <button type="button" className="button primary block" disabled={!chosen.image} onClick={download} data-testid="bg-download">
                <Icon name="download" size={16} />
                Download variant {selected + 1}
              </button>
              {kept && kept.seed === chosen.image?.seed ? (
                <p className="hint" role="status">
                  <Icon name="check" size={14} /> Kept in the <Link href={`/library/${kept.id}`}>library</Link>
                </p>
              ) : (
                <button type="button" className="button block" disabled={!chosen.image || keeping} onClick={keep} data-testid="bg-keep">
                  <Icon name="library" size={16} />
                  {keeping ? 'Keeping…' : 'Keep in the library'}
                </button>
              )}
              <p className="hint">
                {SIDE} × {SIDE} JPEG{chosen.image && ` · seed ${chosen.image.seed}, to make it again through the API`}
              </p>
            </section>
          </aside>
        </div>
      )}
    </div>
  );
}
