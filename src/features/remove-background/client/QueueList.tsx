// The batch: every image with its state; the selected one is on the stage.
import { Icon } from '../../../ui/components/Icon';
import { ProgressBar } from '../../../ui/components/ProgressBar';
import { formatPercent } from '../../../ui/format';
import type { StudioItem } from './queue';

export interface QueueListProps {
  items: StudioItem[];
  selectedId: string | null;
  onSelect(id: string): void;
  onCancel(id: string): void;
}

function statusText(item: StudioItem, place: number): string {
  switch (item.status) {
    case 'queued':
      return `Queued · #${place}`;
    case 'working':
      return item.progress ? `${item.progress.stage} · ${formatPercent(item.progress.fraction)}` : 'Starting…';
    case 'done':
      return item.cutout ? `Done in ${item.cutout.seconds.toFixed(1)} s` : 'Done';
    case 'failed':
      return item.error?.message ?? 'Failed';
  }
}

export function QueueList({ items, selectedId, onSelect, onCancel }: QueueListProps) {
  let waiting = 0;
  return (
    <ol className="queue" aria-label="Images in this batch" data-testid="studio-queue">
      {items.map((item) => {
        const place = item.status === 'queued' ? ++waiting : 0;
        const busy = item.status === 'queued' || item.status === 'working';
        const name = item.file.name;
        return (
          <li key={item.id} className={`queue-item ${item.status}`} aria-current={item.id === selectedId ? 'true' : undefined}>
            <button type="button" className="queue-select" onClick={() => onSelect(item.id)} aria-label={`Show ${name}`}>
              <span className={`queue-thumb ${item.cutout ? 'checkerboard' : ''}`}>
                <img src={item.cutout?.url ?? item.sourceUrl} alt="" />
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
              <span className="queue-text">
                <span className="queue-name">{name}</span>
                <span className={`queue-status ${item.status}`}>{statusText(item, place)}</span>
                {item.status === 'working' && <ProgressBar value={item.progress?.fraction ?? null} label={`Progress of ${name}`} />}
              </span>
            </button>
            <button type="button" className="button icon small ghost" onClick={() => onCancel(item.id)} aria-label={`${busy ? 'Cancel' : 'Remove'} ${name}`} title={busy ? 'Cancel' : 'Remove from the batch'}>
              <Icon name="x" size={16} />
            </button>
          </li>
        );
      })}
    </ol>
  );
}
