// The app shell: top bar with navigation and status, the page, toasts, and on
// a phone a tab bar along the bottom edge instead of the top bar's links.
// Pages come from src/app/pages.ts, which finds them by file layout.
import { Component, Suspense, useEffect, type ReactNode } from 'react';
import { Icon } from '../ui/components/Icon';
import { Link, usePath } from '../ui/navigation';
import { ServicesContext, type AppServices } from '../ui/services';
import { matchPage, navPages } from './pages';
import { EngineBadge } from './shell/EngineBadge';
import { InstallButton } from './shell/InstallButton';
import { OfflineBadge } from './shell/OfflineBadge';
import { StorageNotice } from './shell/StorageNotice';
import { TabBar } from './shell/TabBar';
import { ThemeToggle } from './shell/ThemeToggle';
import { UpdateToast } from './shell/UpdateToast';
import './shell.css';

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

/** Shown while a page's code arrives; it fades in only if that takes a moment. */
function PageLoading({ title }: { title: string }) {
  return (
    <div className="page">
      <div className="page-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        Opening {title}…
      </div>
    </div>
  );
}

/** A page whose code cannot be fetched (offline before the app was kept) says so, and the shell stays. */
class PageFailed extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="page">
        <div className="empty">
          <span className="empty-icon">
            <Icon name="alert" size={28} />
          </span>
          <h1>This page could not be loaded</h1>
          <p>Check the connection, then load it again.</p>
          <div className="row">
            <button type="button" className="button primary" onClick={() => location.reload()}>
              Load again
            </button>
          </div>
        </div>
      </div>
    );
  }
}

export function App({ services }: { services: AppServices }) {
  const path = usePath();
  const match = matchPage(path);
  const title = match?.page.entry.title;
  useEffect(() => {
    document.title = title ? `${title} · Cutout Studio` : 'Cutout Studio';
  }, [title]);
  const Page = match?.page.Component;
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
            {navPages.map((entry) => (
              <Link key={entry.path} href={entry.path}>
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
          {match && Page ? (
            <PageFailed key={path}>
              <Suspense fallback={<PageLoading title={match.page.entry.title} />}>
                <Page params={match.params} />
              </Suspense>
            </PageFailed>
          ) : (
            <NotFound />
          )}
        </main>
        <footer className="footer">Everything runs on this device. Nothing you add leaves it.</footer>
        <TabBar pages={navPages} path={path} />
        <div className="toast-region" aria-live="polite">
          <UpdateToast />
          <StorageNotice />
        </div>
      </div>
    </ServicesContext.Provider>
  );
}
