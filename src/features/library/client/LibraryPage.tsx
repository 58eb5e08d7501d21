// The library: everything made in the app — cut-outs, backgrounds, try-ons,
// videos — kept on this device until deleted. Search by name, filter by kind,
// select many, delete them or take them away as one ZIP. The page says how
// much space the library takes and whether the browser promised to keep it.
import { useCallback, useMemo, useState } from 'react';
import type { LibraryKind } from '../../../store/schema';
import { EmptyState } from '../../../ui/components/EmptyState';
import { ErrorAlert } from '../../../ui/components/ErrorAlert';
import { Icon } from '../../../ui/components/Icon';
import { Segmented } from '../../../ui/components/Segmented';
import { formatBytes } from '../../../ui/format';
import { Link } from '../../../ui/navigation';
import { saveZip } from '../../../ui/zip';
import { KIND_LABELS, matchesQuery } from './kinds';
import { LibraryCard } from './LibraryCard';
import { libraryZipEntries } from './library-export';
import { useLibrary } from './useLibrary';
import { useStorageUse } from './useStorageUse';
import './library.css';

type Filter = 'all' | LibraryKind;

/** Cards laid out at first; more on request, so a library of thousands opens fast. */
const PAGE_SIZE = 120;

function StorageLine({ itemsBytes }: { itemsBytes: number }) {
  const { state, persist } = useStorageUse(itemsBytes);
  if (!state) return null;
  return (
    <p className="library-storage hint" data-testid="library-storage">
      The library holds {formatBytes(itemsBytes)}
      {state.usage !== null && state.quota !== null && ` · the app uses ${formatBytes(state.usage)} of ${formatBytes(state.quota)} available`}
      {' · '}
      {state.persisted ? (
        <span className="success-text">kept safe: the browser will not clear it to make space</span>
      ) : (
        <>
          the browser may clear it when space runs low.{' '}
          <button type="button" className="link-button" onClick={() => void persist()}>
            Ask to keep it
          </button>
        </>
      )}
    </p>
  );
}

export function LibraryPage() {
  const { items, remove } = useLibrary();
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [shownCount, setShownCount] = useState(PAGE_SIZE);
  const [zipping, setZipping] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const all = items ?? [];
  const matching = useMemo(() => all.filter((item) => (filter === 'all' || item.kind === filter) && matchesQuery(item.name, query)), [all, filter, query]);
  const chosen = all.filter((item) => selected.has(item.id));
  const toggle = useCallback(
    (id: string) =>
      setSelected((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const allShownSelected = matching.length > 0 && matching.every((item) => selected.has(item.id));
  const bytes = all.reduce((sum, item) => sum + item.bytes, 0);

  const exportZip = () => {
    const list = chosen.length ? chosen : matching;
    setError(null);
    setZipping({ done: 0, total: list.length });
    saveZip(
      libraryZipEntries(list, (done) => setZipping({ done, total: list.length })),
      `cutout-library-${new Date().toISOString().slice(0, 10)}.zip`,
    )
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)))
      .finally(() => setZipping(null));
  };
  const deleteChosen = () => {
    if (!window.confirm(`Delete ${chosen.length} item${chosen.length === 1 ? '' : 's'} from the library? This cannot be undone.`)) return;
    void remove(chosen.map((item) => item.id)).then(() => setSelected(new Set()));
  };

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>Library</h1>
          <p>What you make here stays on this device until you delete it. API results are in History and expire.</p>
          {items && <StorageLine itemsBytes={bytes} />}
        </div>
      </header>
      {items === null ? null : all.length === 0 ? (
        <div className="card">
          <EmptyState
            icon="library"
            title="The library is empty"
            actions={
              <Link href="/" className="button primary">
                Open the studio
              </Link>
            }
          >
            Cut-outs from the studio, try-ons and videos you make in the app are kept here.
          </EmptyState>
        </div>
      ) : (
        <>
          <div className="library-toolbar card">
            <label className="library-search">
              <Icon name="search" size={16} />
              <input type="search" placeholder="Search by name" value={query} onChange={(event) => setQuery(event.target.value)} aria-label="Search by name" />
            </label>
            <Segmented
              label="Show"
              value={filter}
              onChange={setFilter}
              options={[
                { value: 'all', label: `All (${all.length})` },
                ...(Object.keys(KIND_LABELS) as LibraryKind[])
                  .filter((kind) => all.some((item) => item.kind === kind))
                  .map((kind) => ({ value: kind, label: KIND_LABELS[kind].many })),
              ]}
            />
            <div className="library-actions row wrap">
              <label className="check small">
                <input
                  type="checkbox"
                  checked={allShownSelected}
                  onChange={() => setSelected(allShownSelected ? new Set() : new Set(matching.map((item) => item.id)))}
                />
                Select all {matching.length}
              </label>
              {zipping ? (
                <span className="export-busy small" role="status">
                  <span className="spinner" aria-hidden="true" /> Making the ZIP · {zipping.done} of {zipping.total}
                </span>
              ) : (
                <button type="button" className="button small" onClick={exportZip} disabled={matching.length === 0} data-testid="library-zip">
                  <Icon name="download" size={14} />
                  {chosen.length ? `Export ${chosen.length} as ZIP` : `Export all ${matching.length} as ZIP`}
                </button>
              )}
              <button type="button" className="button small danger" onClick={deleteChosen} disabled={chosen.length === 0} data-testid="library-delete">
                <Icon name="trash" size={14} />
                Delete{chosen.length ? ` ${chosen.length}` : ''}
              </button>
            </div>
          </div>
          {error && <ErrorAlert message={error} code="export" />}
          {matching.length === 0 ? (
            <div className="card">
              <EmptyState icon="search" title="Nothing matches">
                Try another name or kind.
              </EmptyState>
            </div>
          ) : (
            <ul className="library-grid" aria-label="Library">
              {matching.slice(0, shownCount).map((item) => (
                <LibraryCard key={item.id} item={item} selected={selected.has(item.id)} onToggle={toggle} />
              ))}
            </ul>
          )}
          {matching.length > shownCount && (
            <button type="button" className="button block" onClick={() => setShownCount((n) => n + PAGE_SIZE)}>
              Show more ({matching.length - shownCount} left)
            </button>
          )}
        </>
      )}
    </div>
  );
}
