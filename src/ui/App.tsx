// The app shell: top bar with navigation and status, the page, toasts.
import { useEffect, type ReactNode } from 'react';
import { DeveloperPage } from '../features/developer/client/DeveloperPage';
import { StudioPage } from '../features/remove-background/client/StudioPage';
import { Link, usePath } from './router';
import { ServicesContext, useEngineStatus, useOnline, usePwaState } from './services';
import type { AppServices } from './boot';

const PAGES: Record<string, { title: string; render: () => ReactNode }> = {
  '/': { title: 'Studio', render: () => <StudioPage /> },
  '/developer': { title: 'Developer', render: () => <DeveloperPage /> },
};

function EngineBadge() {
  const status = useEngineStatus();
  if (!status || status.state === 'idle') return <span className="badge plain">Engine idle</span>;
  if (status.state === 'failed') return <span className="badge danger" title={status.error}>Engine failed</span>;
  if (status.state === 'loading') return <span className="badge warning">Loading model…</span>;
  return (
    <span className="badge success" title={status.reason} data-testid="engine-badge">
      {status.backend}
      {status.modelCached ? ' · model cached' : ''}
    </span>
  );
}

function StatusBar() {
  const online = useOnline();
  return (
    <div className="topbar-status">
      {!online && (
        <span className="badge warning" data-testid="offline-badge">
          Offline
        </span>
      )}
      <EngineBadge />
    </div>
  );
}

function UpdateToast() {
  const pwa = usePwaState();
  if (!pwa.updateReady) return null;
  return (
    <div className="toast" role="status">
      A new version is ready.
      <button type="button" className="button small primary" onClick={pwa.applyUpdate}>
        Update
      </button>
    </div>
  );
}

function NotFound() {
  return (
    <div className="page">
      <h1>Page not found</h1>
      <p>
        <Link href="/">Go to the studio</Link>
      </p>
    </div>
  );
}

export function App({ services }: { services: AppServices }) {
  const path = usePath();
  const page = PAGES[path];
  useEffect(() => {
    document.title = page ? `${page.title} · Cutout Studio` : 'Cutout Studio';
  }, [page]);
  return (
    <ServicesContext.Provider value={services}>
      <div className="shell">
        <header className="topbar">
          <Link href="/" className="brand">
            <img src="/icons/icon.svg" alt="" />
            Cutout Studio
          </Link>
          <nav className="nav" aria-label="Main">
            <Link href="/">Studio</Link>
            <Link href="/developer">Developer</Link>
          </nav>
          <StatusBar />
        </header>
        <main id="main">{page ? page.render() : <NotFound />}</main>
        <footer className="footer">Everything runs on this device. Nothing you add leaves it.</footer>
        <div className="toast-region" aria-live="polite">
          <UpdateToast />
        </div>
      </div>
    </ServicesContext.Provider>
  );
}
