// Taking the result away: PNG or JPEG, download or copy; for a batch, one ZIP
// with every image under its own name, optionally resized.
import { useState } from 'react';
import { useServices } from '../../../ui/services';
import { saveZip } from '../../../ui/zip';
import type { BatchItem } from './batch';
import { batchZipEntries } from './export-batch';
import type { Cutout } from './cutout';
import type { StudioOptions } from './studio-options';
import { ErrorAlert } from '../../../ui/components/ErrorAlert';
import { Icon } from '../../../ui/components/Icon';
import { Segmented } from '../../../ui/components/Segmented';
import { downloadBlob, fileStem } from '../../../ui/download';
import type { RemoveBackgroundOptions } from '../../remove-background/shared/meta';
import { EXPORT_TYPES, fittedSize, JPEG_FALLBACK_BACKGROUND, type ExportFormat } from './export-image';
import type { Background } from './studio-options';
import type { Preview } from './useComposePreview';
import { useExport } from './useExport';

export interface ExportPanelProps {
  item: BatchItem | undefined;
  cutout: Cutout | undefined;
  done: BatchItem[];
  batchName: string;
  finishOf(item: BatchItem): StudioOptions;
  preview: Preview | null;
  options: RemoveBackgroundOptions;
  background: Background;
}

function fileName(item: BatchItem, format: ExportFormat): string {
  return `${fileStem(item.fileName)}-cutout.${EXPORT_TYPES[format].extension}`;
}

/** Long sides a shop asks for; null is the full size. */
const SIZES: { value: string; side: number | null; label: string }[] = [
  { value: 'full', side: null, label: 'Full size' },
  { value: '2000', side: 2000, label: '2000 px' },
  { value: '1000', side: 1000, label: '1000 px' },
];

/**
 * Starts the clipboard write at once, with the image still to come: browsers
 * allow a write only close to the click that asked for it.
 */
function writeToClipboard(image: Promise<Blob>): Promise<void> {
  if (!navigator.clipboard?.write || typeof ClipboardItem === 'undefined') {
    return Promise.reject(new Error('this browser cannot copy images to the clipboard'));
  }
  return navigator.clipboard.write([new ClipboardItem({ 'image/png': image })]);
}

function sizeText(full: { width: number; height: number; about: boolean }, maxSide: number | null): string {
  const { width, height } = fittedSize(full.width, full.height, maxSide);
  return `${full.about ? '≈ ' : ''}${width} × ${height} px`;
}

export function ExportPanel({ item, cutout, done, batchName, finishOf, preview, options, background }: ExportPanelProps) {
  const { engine } = useServices();
  const [format, setFormat] = useState<ExportFormat>('png');
  const [size, setSize] = useState('full');
  const [copied, setCopied] = useState(false);
  const [zipping, setZipping] = useState<{ done: number; total: number } | null>(null);
  const [zipError, setZipError] = useState<string | null>(null);
  const exporter = useExport();
  const ready = item?.status === 'done' && cutout !== undefined;
  const maxSide = SIZES.find((s) => s.value === size)?.side ?? null;
  // From the preview; a scaled-down preview gives the full size to a pixel or so.
  const shown = preview
    ? { width: Math.round(preview.width / preview.scale), height: Math.round(preview.height / preview.scale), about: preview.scale < 1 }
    : null;

  const download = () => {
    if (!item || !cutout) return;
    void exporter.run('Rendering full size…', [{ cutout, options, background, format, maxSide }], (image) => downloadBlob(image.blob, fileName(item, format)));
  };
  const downloadZip = () => {
    const items = [...done];
    setZipError(null);
    setZipping({ done: 0, total: items.length });
    const entries = batchZipEntries(engine, items, finishOf, { format, maxSide }, (n) => setZipping({ done: n, total: items.length }));
    saveZip(entries, `${fileStem(batchName)}.zip`)
      .catch((error: unknown) => setZipError(error instanceof Error ? error.message : String(error)))
      .finally(() => setZipping(null));
  };
  const copy = () => {
    if (!cutout) return;
    let deliver: (blob: Blob) => void = () => {};
    let abandon: (reason: Error) => void = () => {};
    const image = new Promise<Blob>((resolve, reject) => {
      deliver = resolve;
      abandon = reject;
    });
    const written = writeToClipboard(image);
    written.catch(() => {});
    // The clipboard takes PNG only; a JPEG choice still copies the same picture.
    void exporter
      .run('Copying…', [{ cutout, options, background, format: 'png', maxSide: null }], (exported) => {
        deliver(exported.blob);
        return written;
      })
      .then((ok) => {
        if (!ok) return abandon(new Error('not copied'));
        setCopied(true);
        setTimeout(() => setCopied(false), 1800);
      });
  };

  return (
    <div className="stack">
      <Segmented
        label="File format"
        value={format}
        onChange={setFormat}
        options={[
          { value: 'png', label: 'PNG' },
          { value: 'jpeg', label: 'JPEG' },
        ]}
      />
      <label className="field-inline">
        <span>Size</span>
        <select value={size} onChange={(event) => setSize(event.target.value)} data-testid="studio-export-side">
          {SIZES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.side ? `${s.label} long side` : s.label}
            </option>
          ))}
        </select>
      </label>
      <p className="hint" style={{ margin: 0 }} data-testid="studio-export-size">
        {shown ? sizeText(shown, maxSide) : 'The file appears here once the image is cut out.'}
        {shown && format === 'png' && background.kind === 'none' && ' · transparent'}
        {shown && format === 'jpeg' && background.kind === 'none' && ` · JPEG has no transparency: on white (${JPEG_FALLBACK_BACKGROUND})`}
      </p>
      {exporter.busy ? (
        <div className="export-busy" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>{exporter.busy}</span>
          <button type="button" className="button small" onClick={exporter.cancel}>
            Cancel
          </button>
        </div>
      ) : (
        <div className="export-actions">
          <button type="button" className="button primary" disabled={!ready} onClick={download} data-testid="studio-download">
            <Icon name="download" size={16} />
            Download {EXPORT_TYPES[format].label}
          </button>
          <button type="button" className="button" disabled={!ready} onClick={copy}>
            <Icon name={copied ? 'check' : 'clipboard'} size={16} />
            {copied ? 'Copied' : 'Copy'}
          </button>
        </div>
      )}
      {done.length > 1 &&
        (zipping ? (
          <div className="export-busy" role="status" data-testid="studio-zip-progress">
            <span className="spinner" aria-hidden="true" />
            <span>
              Making the ZIP · {zipping.done} of {zipping.total}
            </span>
          </div>
        ) : (
          <button type="button" className="button block" onClick={downloadZip} data-testid="studio-zip">
            <Icon name="layers" size={16} />
            Download all {done.length} as ZIP ({EXPORT_TYPES[format].label})
          </button>
        ))}
      {zipError && <ErrorAlert message={zipError} code="export" />}
      {exporter.error && <ErrorAlert message={exporter.error.message} code={exporter.error.code} />}
    </div>
  );
}
