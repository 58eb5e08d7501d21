// Taking the result away: PNG or JPEG, download or copy; for a batch, all at once.
import { useState } from 'react';
import { ErrorAlert } from '../../../ui/components/ErrorAlert';
import { Icon } from '../../../ui/components/Icon';
import { Segmented } from '../../../ui/components/Segmented';
import { downloadBlob, fileStem } from '../../../ui/download';
import type { RemoveBackgroundOptions } from '../shared/meta';
import { EXPORT_TYPES, JPEG_FALLBACK_BACKGROUND, type ExportFormat } from './export-image';
import type { StudioItem } from './queue';
import type { Background } from './studio-options';
import type { Preview } from './useComposePreview';
import { useExport } from './useExport';

export interface ExportPanelProps {
  item: StudioItem | undefined;
  done: StudioItem[];
  preview: Preview | null;
  options: RemoveBackgroundOptions;
  background: Background;
}

function fileName(item: StudioItem, format: ExportFormat): string {
  return `${fileStem(item.file.name)}-cutout.${EXPORT_TYPES[format].extension}`;
}

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

export function ExportPanel({ item, done, preview, options, background }: ExportPanelProps) {
  const [format, setFormat] = useState<ExportFormat>('png');
  const [copied, setCopied] = useState(false);
  const exporter = useExport();
  const ready = item?.status === 'done' && item.cutout !== undefined;
  // From the preview; a scaled-down preview gives the full size to a pixel or so.
  const size = preview
    ? { width: Math.round(preview.width / preview.scale), height: Math.round(preview.height / preview.scale), about: preview.scale < 1 }
    : null;

  const download = () => {
    if (!item?.cutout) return;
    void exporter.run('Rendering full size…', [{ cutout: item.cutout, options, background, format }], (image) => downloadBlob(image.blob, fileName(item, format)));
  };
  const downloadAll = () => {
    const finished = done.flatMap((d) => (d.cutout ? [{ item: d, cutout: d.cutout }] : []));
    void exporter.run(
      `Rendering ${finished.length} images…`,
      finished.map(({ cutout }) => ({ cutout, options, background, format })),
      (image, index) => downloadBlob(image.blob, fileName(finished[index].item, format)),
    );
  };
  const copy = () => {
    if (!item?.cutout) return;
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
      .run('Copying…', [{ cutout: item.cutout, options, background, format: 'png' }], (exported) => {
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
      <p className="hint" style={{ margin: 0 }} data-testid="studio-export-size">
        {size ? `${size.about ? '≈ ' : ''}${size.width} × ${size.height} px` : 'The file appears here once the image is cut out.'}
        {size && format === 'png' && background.kind === 'none' && ' · transparent'}
        {size && format === 'jpeg' && background.kind === 'none' && ` · JPEG has no transparency: on white (${JPEG_FALLBACK_BACKGROUND})`}
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
      {done.length > 1 && !exporter.busy && (
        <button type="button" className="button block" onClick={downloadAll}>
          <Icon name="layers" size={16} />
          Download all {done.length} as {EXPORT_TYPES[format].label}
        </button>
      )}
      {exporter.error && <ErrorAlert message={exporter.error.message} code={exporter.error.code} />}
    </div>
  );
}
