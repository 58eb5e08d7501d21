// The touch-up's keys, while the editor is open: K keep, E erase, [ and ]
// brush size, Ctrl/⌘+Z undo, Ctrl/⌘+Shift+Z or Ctrl+Y redo. Keys typed into
// a text field are left alone.
import { useEffect, useLayoutEffect, useRef } from 'react';

export interface ShortcutHandlers {
  keep(): void;
  erase(): void;
  smaller(): void;
  bigger(): void;
  undo(): void;
  redo(): void;
}

function typingInto(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['range', 'checkbox', 'radio', 'button'].includes(target.type);
}

/** The handler a key press asks for, if any. */
function commandFor(event: KeyboardEvent, handlers: ShortcutHandlers): (() => void) | null {
  const key = event.key.toLowerCase();
  if (event.ctrlKey || event.metaKey) {
    if (key === 'z') return event.shiftKey ? handlers.redo : handlers.undo;
    if (key === 'y' && !event.shiftKey) return handlers.redo;
    return null;
  }
  if (event.shiftKey) return null;
  switch (key) {
    case 'k':
      return handlers.keep;
    case 'e':
      return handlers.erase;
    case '[':
      return handlers.smaller;
    case ']':
      return handlers.bigger;
    default:
      return null;
  }
}

export function useTouchUpShortcuts(handlers: ShortcutHandlers, enabled: boolean): void {
  // The handlers change every render; the listener reads the latest without re-subscribing.
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || typingInto(event.target)) return;
      const action = commandFor(event, latest.current);
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
