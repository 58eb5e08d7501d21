// The app shell: top bar with navigation and status, the page, toasts.
import { useEffect, type ReactNode } from 'react';
import { DeveloperPage } from '../features/developer/client/DeveloperPage';
import { BackgroundsPage } from '../features/generate-background/client/BackgroundsPage';
import { HistoryPage } from '../features/history/client/HistoryPage';
import { StudioPage } from '../features/remove-background/client/StudioPage';
import { TryOnPage } from '../features/try-on/client/TryOnPage';
import { VideoPage } from '../features/video/client/VideoPage';
import { Icon, type IconName } from './components/Icon';
import { Link, usePath } from './router';
import { ServicesContext } from './services';
import { EngineBadge } from './shell/EngineBadge';
import { InstallButton } from './shell/InstallButton';
import { OfflineBadge } from './shell/OfflineBadge';
import { StorageNotice } from './shell/StorageNotice';
import { ThemeToggle } from './shell/ThemeToggle';
import { UpdateToast } from './shell/UpdateToast';
import type { AppServices } from './boot';

interface PageEntry {
  title: string;
  icon: IconName;
  render: () => ReactNode;
}

const PAGES: Record<string, PageEntry> = {
  '/': { title: 'Studio', icon: 'sparkle', render: () => <StudioPage /> },
  '/backgrounds': { title: 'Backgrounds', icon: 'image', render: () => <BackgroundsPage /> },
  '/video': { title: 'Video', icon: 'video', render: () => <VideoPage /> },
  '/try-on': { title: 'Try-on', icon: 'layers', render: () => <TryOnPage /> },
  '/history': { title: 'History', icon: 'history', render: () => <HistoryPage /> },
  '/developer': { title: 'Developer', icon: 'code', render: () => <DeveloperPage /> },
};

function NotFound() {
  return (
    <div className="page">
      <div className="empty">
        <span className="empty-icon">
          <Icon name="alert" size={28} />
        </span>
        <h1>Page not found</h1>
        <p>There is nothing at {location.pathname}.</p>
        <div className="row">
          <Link href="/" className="button primary">
            Go to the studio
          </Link>
        </div>
      </div>
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
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="topbar">
          <Link href="/" className="brand" aria-label="Cutout Studio, home">
            <img src="/icons/icon.svg" alt="" />
            <span>Cutout Studio</span>
          </Link>
          <nav className="nav" aria-label="Main">
            {Object.entries(PAGES).map(([href, entry]) => (
              <Link key={href} href={href}>
                <Icon name={entry.icon} size={16} />
                {entry.title}
              </Link>
            ))}
          </nav>
          <div className="topbar-status">
            <OfflineBadge />
            <EngineBadge />
            <InstallButton />
            <ThemeToggle />
          </div>
        </header>
        <main id="main" tabIndex={-1}>
          {page ? page.render() : <NotFound />}
        </main>
        <footer className="footer">Everything runs on this device. Nothing you add leaves it.</footer>
        <div className="toast-region" aria-live="polite">
          <UpdateToast />
          <StorageNotice />
        </div>
      </div>
    </ServicesContext.Provider>
  );
}
