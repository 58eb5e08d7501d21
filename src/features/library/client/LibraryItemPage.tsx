// One library item: the current version large, every earlier version, and
// what can be done with it: download, touch up (cut-outs), delete.
import { resultPath } from '../../../api/results';
import type { LibraryItem, LibraryVersion } from '../../../store/schema';
import { EmptyState } from '../../../ui/components/EmptyState';
import { Icon } from '../../../ui/components/Icon';
import { formatBytes, formatTime } from '../../../ui/format';
import { Link, navigate } from '../../../ui/navigation';
import type { PageProps } from '../../../ui/page-entry';
import { KIND_LABELS } from './kinds';
import { useLibrary, useLibraryItem } from './useLibrary';
import './library.css';

const versionUrl = (version: LibraryVersion) => resultPath({ id: version.resultId, ext: version.ext });

function Media({ item, version }: { item: LibraryItem; version: LibraryVersion }) {
  const url = versionUrl(version);
  return item.kind === 'video' ? (
    <video src={url} controls playsInline className="library-media" />
  ) : (
    <img src={url} alt={item.name} className="library-media" data-testid="library-current" />
  );
}

export function LibraryItemPage({ params: { id } }: PageProps) {
  const { item } = useLibraryItem(id);
  const { remove } = useLibrary();
  if (item === undefined) return <div className="page" aria-busy="true" />;
  if (item === null) {
    return (
      <div className="page">
        <div className="card">
          <EmptyState icon="library" title="Not in the library" actions={<Link href="/library" className="button primary">Back to the library</Link>}>
            It was deleted, or it was never here.
          </EmptyState>
        </div>
      </div>
    );
  }
  const [current, ...older] = item.versions;
  const fileName = `${item.name}.${current.ext}`;
  return (
    <div className="page">
      <header className="page-header">
        <div>
          <p className="crumbs">
            <Link href="/library">Library</Link> / {KIND_LABELS[item.kind].one}
          </p>
          <h1 className="truncate">{item.name}</h1>
          <p className="hint">
            {current.width && current.height ? `${current.width} × ${current.height} px · ` : ''}
            {formatBytes(item.bytes)} · made {formatTime(item.createdAt)}
          </p>
        </div>
        <div className="row wrap">
          {item.kind === 'cutout' && item.source && (
            <Link href={`/library/${item.id}/touch-up`} className="button primary" data-testid="library-touch-up">
              <Icon name="brush" size={16} />
              Touch up
            </Link>
          )}
          <a className="button" href={versionUrl(current)} download={fileName}>
            <Icon name="download" size={16} />
            Download
          </a>
          <button
            type="button"
            className="button danger"
            onClick={() => {
              if (window.confirm(`Delete ${item.name} and its ${item.versions.length} version(s)?`)) void remove([item.id]).then(() => navigate('/library'));
            }}
          >
            <Icon name="trash" size={16} />
            Delete
          </button>
        </div>
      </header>
      <div className="library-detail">
        <section className={`card library-stage${item.kind === 'video' ? '' : ' checkerboard'}`} aria-label="Current version">
          <Media item={item} version={current} />
        </section>
        {older.length > 0 && (
          <section className="card" aria-labelledby="versions-title">
            <h2 id="versions-title">Earlier versions</h2>
            <ul className="library-versions">
              {older.map((version, index) => (
                <li key={version.resultId}>
                  <a href={versionUrl(version)} target="_blank" rel="noreferrer" className="checkerboard">
                    <img src={versionUrl(version)} alt={`Version ${older.length - index}`} loading="lazy" />
                  </a>
                  <span className="hint">
                    {version.made === 'touch-up' ? 'Touched up' : 'From the model'} · {formatTime(version.createdAt)}
                  </span>
                  <a className="button small" href={versionUrl(version)} download={`${item.name}-v${older.length - index}.${version.ext}`}>
                    <Icon name="download" size={14} />
                    Download
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
