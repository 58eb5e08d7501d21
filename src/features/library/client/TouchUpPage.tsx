// The touch-up of one cut-out from the library: the editor gets the original
// photo and the current version; what it saves becomes a new version (the
// older ones stay), with a fresh thumbnail.
import { useEffect, useState } from 'react';
import { EmptyState } from '../../../ui/components/EmptyState';
import { keepNewVersion } from '../../../ui/keep-in-library';
import { Link, navigate } from '../../../ui/navigation';
import type { PageProps } from '../../../ui/page-entry';
import { useServices } from '../../../ui/services';
import { studioDatabase } from '../../../store/database';
import { TouchUpEditor } from './touch-up/TouchUpEditor';
import { useLibraryItem } from './useLibrary';
import './library.css';

export function TouchUpPage({ params: { id } }: PageProps) {
  const { engine } = useServices();
  const { item } = useLibraryItem(id);
  const [images, setImages] = useState<{ cutout: Blob | null; source: Blob | null } | null>(null);
  const current = item?.versions[0];

  useEffect(() => {
    if (!current || !item) return;
    void studioDatabase()
      .then((db) => Promise.all([db.results.get(current.resultId), db.library.source(item.id)]))
      .then(([result, source]) => setImages({ cutout: result?.blob ?? null, source }));
  }, [current?.resultId, item?.id]);

  if (item === undefined || (item && !images)) return <div className="page" aria-busy="true" />;
  const { cutout, source } = images ?? { cutout: null, source: null };
  if (item === null || !source || item.kind !== 'cutout' || !cutout) {
    return (
      <div className="page">
        <div className="card">
          <EmptyState icon="brush" title="Nothing to touch up" actions={<Link href="/library" className="button primary">Back to the library</Link>}>
            Only cut-outs made in the studio keep the photo a touch-up needs.
          </EmptyState>
        </div>
      </div>
    );
  }

  const save = async (png: Blob) => {
    // A touch-up keeps the cut-out's size.
    const size = { width: current?.width ?? 0, height: current?.height ?? 0 };
    await keepNewVersion(engine, item, { blob: png, contentType: 'image/png', ext: 'png', route: 'studio', ...size });
    navigate(`/library/${item.id}`);
  };

  return (
    <div className="page page-wide">
      <header className="page-header">
        <div>
          <p className="crumbs">
            <Link href="/library">Library</Link> / <Link href={`/library/${item.id}`}>{item.name}</Link>
          </p>
          <h1>Touch up</h1>
          <p>Paint with Keep where the cut-out missed part of the subject, with Erase where it kept background. Strokes snap to the photo's edges.</p>
        </div>
      </header>
      <TouchUpEditor source={source} cutout={cutout} onSave={save} onClose={() => navigate(`/library/${item.id}`)} />
    </div>
  );
}
