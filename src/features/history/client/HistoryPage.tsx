// History: every result that expires — API results, mostly — with a live
// countdown; download it again or delete it. What the app makes for the user
// is kept in the Library instead, and not listed here.
import { useState } from 'react';
import { EmptyState } from '../../../ui/components/EmptyState';
import { Segmented } from '../../../ui/components/Segmented';
import { Link } from '../../../ui/navigation';
import { isKept } from '../../../store/library';
import { useNow } from '../../../ui/useNow';
import { HistoryItem } from './HistoryItem';
import { isVideo, resultSource } from './result-source';
import { useResults } from './useResults';
import './history.css';

type Filter = 'all' | 'images' | 'videos';

export function HistoryPage() {
  const { results, keyNames, remove } = useResults();
  const now = useNow(1000);
  const [filter, setFilter] = useState<Filter>('all');
  const live = (results ?? []).filter((record) => !isKept(record) && record.expiresAt > now);
  const shown = live.filter((record) => filter === 'all' || (filter === 'videos') === isVideo(record));

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>History</h1>
          <p>
            Results of API calls stay on this device for an hour (videos for a day), then they are deleted. What you make in the app is kept in the{' '}
            <Link href="/library">Library</Link>.
          </p>
        </div>
        {live.length > 0 && (
          <Segmented
            label="Show"
            value={filter}
            onChange={setFilter}
            options={[
              { value: 'all', label: `All (${live.length})` },
              { value: 'images', label: 'Images' },
              { value: 'videos', label: 'Videos' },
            ]}
          />
        )}
      </header>
      {results === null ? null : shown.length === 0 ? (
        <div className="card">
          <EmptyState
            icon="history"
            title={live.length === 0 ? 'Nothing here yet' : `No ${filter} right now`}
            actions={
              live.length === 0 && (
                <>
                  <Link href="/developer" className="button primary">
                    Call the API
                  </Link>
                  <Link href="/library" className="button">
                    Open the library
                  </Link>
                </>
              )
            }
          >
            {live.length === 0 ? 'Results of API calls show up here until they expire.' : 'Try another filter.'}
          </EmptyState>
        </div>
      ) : (
        <ul className="history-grid" aria-label="Results">
          {shown.map((record) => (
            <HistoryItem key={record.id} record={record} source={resultSource(record, keyNames)} now={now} onDelete={() => void remove(record.id)} />
          ))}
        </ul>
      )}
    </div>
  );
}
