// The app shell: top bar with navigation and status, the page, toasts.
import { useEffect, type ReactNode } from 'react';
import { DeveloperPage } from '../features/developer/client/DeveloperPage';
import { BackgroundsPage } from '../features/generate-background/client/BackgroundsPage';
import { HistoryPage } from '../features/history/client/HistoryPage';
import { LibraryItemPage } from '../features/library/client/LibraryItemPage';
import { LibraryPage } from '../features/library/client/LibraryPage';
import { TouchUpPage } from '../features/library/client/TouchUpPage';
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
  '/library': { title: 'Library', icon: 'library', render: () => <LibraryPage /> },
  '/history': { title: 'History', icon: 'history', render: () => <HistoryPage /> },
  '/developer': { title: 'Developer', icon: 'code', render: () => <DeveloperPage /> },
};

/** Pages below a top-level one, found by pattern: not in the navigation. */
const SUBPAGES: { pattern: RegExp; title: string; render: (match: RegExpMatchArray) => ReactNode }[] = [
  { pattern: /^\/library\/([\w-]+)\/touch-up$/, title: 'Touch up', render: ([, id]) => <TouchUpPage key={id} id={id} /> },
  { pattern: /^\/library\/([\w-]+)$/, title: 'Library', render: ([, id]) => <LibraryItemPage key={id} id={id} /> },
];

function findPage(path: string): PageEntry | undefined {
  if (PAGES[path]) return PAGES[path];
  for (const sub of SUBPAGES) {
    const match = path.match(sub.pattern);
    if (match) return { title: sub.title, icon: 'library', render: () => sub.render(match) };
  }
  return undefined;
}

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
  const page = findPage(path);
  useEffect(() => {
    document.title = page ? `${page.title} · Cutout Studio` : 'Cutout Studio';
  }, [page?.title]);
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
