// One kept item in the library's grid: its picture, name, kind and size, a
// box to select it, and a link to its own page.
import { memo } from 'react';
import { resultPath } from '../../../api/results';
import type { LibraryItem } from '../../../store/schema';
import { Icon } from '../../../ui/components/Icon';
import { formatBytes, formatTime } from '../../../ui/format';
import { Link } from '../../../ui/navigation';
import { useObjectUrl } from '../../../ui/useObjectUrl';
import { KIND_LABELS } from './kinds';

export interface LibraryCardProps {
  item: LibraryItem;
  selected: boolean;
  onToggle(id: string): void;
}

function Picture({ item }: { item: LibraryItem }) {
  const current = item.versions[0];
  const thumb = useObjectUrl(item.thumb ?? null, `${item.id}:${current.resultId}`);
  if (item.kind === 'video') {
    return (
      <>
        <video src={`${resultPath({ id: current.resultId, ext: current.ext })}#t=0.1`} preload="metadata" muted playsInline aria-hidden="true" tabIndex={-1} />
        <span className="history-play" aria-hidden="true">
          <Icon name="play" size={20} />
        </span>
      </>
    );
  }
  return thumb ? <img src={thumb} alt="" loading="lazy" /> : <Icon name="image" size={28} />;
}

export const LibraryCard = memo(
  function LibraryCard({ item, selected, onToggle }: LibraryCardProps) {
    const current = item.versions[0];
    const kind = KIND_LABELS[item.kind];
    return (
      <li className={`library-card card${selected ? ' selected' : ''}`} data-testid="library-item">
        <label className="library-check" title="Select">
          <input type="checkbox" checked={selected} onChange={() => onToggle(item.id)} aria-label={`Select ${item.name}`} />
        </label>
        <Link href={`/library/${item.id}`} className={`library-thumb${item.kind === 'video' ? '' : ' checkerboard'}`} aria-label={`Open ${item.name}`}>
          <Picture item={item} />
        </Link>
        <div className="library-body">
          <strong className="truncate" title={item.name}>
            {item.name}
          </strong>
          <span className="hint truncate">
            <Icon name={kind.icon} size={12} /> {kind.one}
            {item.versions.length > 1 ? ` · ${item.versions.length} versions` : ''}
          </span>
          <span className="hint truncate">
            {current.width && current.height ? `${current.width} × ${current.height} · ` : ''}
            {formatBytes(item.bytes)} · {formatTime(item.updatedAt)}
          </span>
        </div>
      </li>
    );
  },
  (a, b) => a.selected === b.selected && a.onToggle === b.onToggle && a.item.id === b.item.id && a.item.updatedAt === b.item.updatedAt,
);
