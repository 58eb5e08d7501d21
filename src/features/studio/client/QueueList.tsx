// The batch: every image with its state; the selected one is on the stage.
// Rows of a long batch are laid out only when scrolled to (content-visibility).
import { memo } from 'react';
import { Icon } from '../../../ui/components/Icon';
import { ProgressBar } from '../../../ui/components/ProgressBar';
import { formatPercent } from '../../../ui/format';
import { useObjectUrl } from '../../../ui/useObjectUrl';
import type { BatchItem } from './batch';

export interface QueueListProps {
  items: BatchItem[];
  selectedId: string | null;
  onSelect(id: string): void;
  onRemove(id: string): void;
}

function statusText(item: BatchItem, place: number): string {
  switch (item.status) {
    case 'queued':
      return `Queued · #${place}`;
    case 'paused':
      return 'Paused';
    case 'working':
      return item.progress > 0 ? `Cutting out · ${formatPercent(item.progress)}` : 'Starting…';
    case 'done':
      return item.cutout?.touchedUp ? 'Done · touched up' : 'Done';
    case 'failed':
      return item.error?.message ?? 'Failed';
  }
}

function Thumb({ item }: { item: BatchItem }) {
  const url = useObjectUrl(item.thumb ?? null, `${item.id}:${item.cutout?.resultId ?? ''}`);
  return (
    <span className={`queue-thumb ${url ? 'checkerboard' : ''}`}>
      {url ? <img src={url} alt="" /> : <Icon name="image" size={18} />}
      {item.status === 'done' && (
        <span className="queue-mark success">
          <Icon name="check" size={12} />
        </span>
      )}
      {item.status === 'failed' && (
        <span className="queue-mark danger">
          <Icon name="alert" size={12} />
        </span>
      )}
    </span>
  );
}

type RowProps = { item: BatchItem; place: number; selected: boolean } & Pick<QueueListProps, 'onSelect' | 'onRemove'>;

/** Rows are rebuilt from IndexedDB every second; one re-renders only when what it shows changed. */
function sameRow(a: RowProps, b: RowProps): boolean {
  const x = a.item;
  const y = b.item;
  return (
    a.place === b.place &&
    a.selected === b.selected &&
    a.onSelect === b.onSelect &&
    a.onRemove === b.onRemove &&
    x.status === y.status &&
    x.progress === y.progress &&
    x.cutout?.resultId === y.cutout?.resultId &&
    x.error?.message === y.error?.message &&
    (x.thumb === undefined) === (y.thumb === undefined)
  );
}

const Row = memo(function Row({ item, place, selected, onSelect, onRemove }: RowProps) {
  const busy = item.status === 'queued' || item.status === 'working' || item.status === 'paused';
  const name = item.fileName;
  return (
    <li className={`queue-item ${item.status}`} aria-current={selected ? 'true' : undefined}>
      <button type="button" className="queue-select" onClick={() => onSelect(item.id)} aria-label={`Show ${name}`}>
        <Thumb item={item} />
        <span className="queue-text">
          <span className="queue-name truncate">{name}</span>
          <span className={`queue-status truncate ${item.status}`}>{statusText(item, place)}</span>
          {item.status === 'working' && <ProgressBar value={item.progress || null} label={`Progress of ${name}`} />}
        </span>
      </button>
      <button
        type="button"
        className="button icon small ghost"
        onClick={() => onRemove(item.id)}
        aria-label={`${busy ? 'Cancel' : 'Remove'} ${name}`}
        title={busy ? 'Cancel' : item.status === 'done' ? 'Delete from the batch and the library' : 'Remove from the batch'}
      >
        <Icon name="x" size={16} />
      </button>
    </li>
  );
}, sameRow);

export function QueueList({ items, selectedId, onSelect, onRemove }: QueueListProps) {
  let waiting = 0;
  return (
    <ol className="queue" aria-label="Images in this batch" data-testid="studio-queue">
      {items.map((item) => (
        <Row
          key={item.id}
          item={item}
          place={item.status === 'queued' ? ++waiting : 0}
          selected={item.id === selectedId}
          onSelect={onSelect}
          onRemove={onRemove}
        />
      ))}
    </ol>
  );
}
