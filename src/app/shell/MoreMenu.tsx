// The tab bar's "More" tab: a button that opens a small sheet above the bar
// with the pages that have no tab of their own. A disclosure of links (not an
// ARIA menu), so Tab moves through them as through any links. It shows as the
// current tab while one of its pages is open; Escape closes it and puts focus
// back on the button; a tap or focus outside, or a page change, closes it.
import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../../ui/components/Icon';
import { Link } from '../../ui/navigation';
import type { PageEntry } from '../../ui/page-entry';

export function MoreMenu({ pages, path }: { pages: readonly PageEntry[]; path: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const sheetId = useId();
  const current = pages.some((entry) => entry.path === path);

  // Back, forward or a link elsewhere leaves the sheet behind.
  useEffect(() => setOpen(false), [path]);

  useEffect(() => {
    if (!open) return;
    // Focus goes into the sheet, so a keyboard user is among its links at once.
    sheet.current?.querySelector('a')?.focus();
    const outside = (target: EventTarget | null) =>
      target instanceof Node && !sheet.current?.contains(target) && !button.current?.contains(target);
    const key = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const away = (event: Event) => {
      if (outside(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', key);
    document.addEventListener('pointerdown', away);
    document.addEventListener('focusin', away);
    return () => {
      document.removeEventListener('keydown', key);
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('focusin', away);
    };
  }, [open]);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="tab"
        aria-expanded={open}
        aria-controls={sheetId}
        aria-current={current ? 'page' : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <span className="tab-icon">
          <Icon name="more" size={20} />
        </span>
        <span className="tab-label">More</span>
      </button>
      <div ref={sheet} id={sheetId} className="tabbar-sheet" hidden={!open}>
        <ul aria-label="More pages">
          {pages.map((entry) => (
            // A link to the page already shown changes no path: close the sheet here too.
            <li key={entry.path}>
              <Link href={entry.path} onClick={() => setOpen(false)}>
                <Icon name={entry.icon} size={20} />
                {entry.title}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
