// One result: what it looks like, where it came from, how long it has left.
import { resultPath } from '../../../api/results';
import type { ResultInfo } from '../../../store/schema';
import { Icon } from '../../../ui/components/Icon';
import { formatBytes, formatClock, formatTime } from '../../../ui/format';
import { isVideo, type ResultSource } from './result-source';

/** Under this, the countdown turns to a warning. */
const SOON_MS = 5 * 60 * 1000;

export interface HistoryItemProps {
  record: ResultInfo;
  source: ResultSource;
  now: number;
  onDelete(): void;
}

export function HistoryItem({ record, source, now, onDelete }: HistoryItemProps) {
  const url = resultPath(record);
  const left = record.expiresAt - now;
  const lifetime = record.expiresAt - record.createdAt;
  const name = `${record.label ?? 'result'}.${record.ext}`;
  const video = isVideo(record);
  return (
    <li className="history-item card" data-testid="history-item">
      <a className={`history-thumb${video ? '' : ' checkerboard'}`} href={url} target="_blank" rel="noreferrer" aria-label={`Open ${name}`}>
        <span className={`history-source badge plain ${source.kind === 'api' ? 'accent' : ''}`}>{source.label}</span>
        {video ? (
          <>
            <video src={`${url}#t=0.1`} preload="metadata" muted playsInline aria-hidden="true" tabIndex={-1} />
            <span className="history-play" aria-hidden="true">
              <Icon name="play" size={20} />
            </span>
          </>
        ) : (
          <img src={url} alt="" loading="lazy" />
        )}
      </a>
      <div className="history-body">
        <strong className="truncate" title={name}>
          {name}
        </strong>
        <span className="hint">
          {record.width && record.height ? `${record.width} × ${record.height} px · ` : ''}
          {formatBytes(record.size)} · made {formatTime(record.createdAt)}
        </span>
        <div className={`history-expiry${left < SOON_MS ? ' soon' : ''}`}>
          <span className="row between small">
            <span>
              <Icon name="clock" size={14} /> Expires in <strong data-testid="history-countdown">{formatClock(left)}</strong>
            </span>
          </span>
          <div className="meter" aria-hidden="true">
            <div style={{ width: `${Math.max(0, Math.min(100, (left / lifetime) * 100))}%` }} />
          </div>
        </div>
        <div className="row">
          <a className="button small" href={url} download={name}>
            <Icon name="download" size={14} />
            Download
          </a>
          <button type="button" className="button small danger" onClick={onDelete} aria-label={`Delete ${name}`}>
            <Icon name="trash" size={14} />
            Delete
          </button>
        </div>
      </div>
    </li>
  );
}
