// The phone's navigation: a bar along the bottom edge, where a thumb reaches,
// with every page in sight. The first pages are tabs; when there are more than
// fit, the rest sit behind a "More" tab. Hidden above 720 px, where the top
// bar's links take over (shell.css).
import { Icon } from '../../ui/components/Icon';
import { Link } from '../../ui/navigation';
import type { PageEntry } from '../../ui/page-entry';
import { MoreMenu } from './MoreMenu';

/** Tabs a 320 px phone holds at a readable size with 44 px targets; a sixth slot is the "More" tab. */
const TABS = 5;

/** The pages shown as tabs, and those behind "More" (none when one more page would fit in its slot). */
export function splitTabs(pages: readonly PageEntry[]): { tabs: readonly PageEntry[]; more: readonly PageEntry[] } {
  if (pages.length <= TABS + 1) return { tabs: pages, more: [] };
  return { tabs: pages.slice(0, TABS), more: pages.slice(TABS) };
}

export function TabBar({ pages, path }: { pages: readonly PageEntry[]; path: string }) {
  const { tabs, more } = splitTabs(pages);
  return (
    <nav className="tabbar" aria-label="Main">
      <ul className="tabbar-list">
        {tabs.map((entry) => (
          <li key={entry.path}>
            <Link href={entry.path} className="tab">
              <span className="tab-icon">
                <Icon name={entry.icon} size={20} />
              </span>
              <span className="tab-label">{entry.title}</span>
            </Link>
          </li>
        ))}
        {more.length > 0 && (
          <li>
            <MoreMenu pages={more} path={path} />
          </li>
        )}
      </ul>
    </nav>
  );
}
