// The playground's request as code: plain fetch, or the typed client.
import { useId, useState } from 'react';
import { CopyButton } from '../../../ui/components/CopyButton';
import type { PlaygroundForm } from './playground-request';
import { clientSnippet, fetchSnippet } from './snippets';

const TABS = [
  { id: 'fetch', label: 'fetch', make: fetchSnippet },
  { id: 'client', label: 'Typed client', make: clientSnippet },
] as const;

export function Snippets({ form }: { form: PlaygroundForm }) {
  const [tab, setTab] = useState<(typeof TABS)[number]['id']>('fetch');
  const base = useId();
  const current = TABS.find((t) => t.id === tab) ?? TABS[0];
  const code = current.make(form);
  return (
    <div>
      <div className="row between">
        <div className="tabs" role="tablist" aria-label="Code for this request" style={{ marginBottom: 0, flex: 1 }}>
          {TABS.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`${base}-${t.id}`}
              aria-selected={t.id === tab}
              aria-controls={`${base}-panel`}
              tabIndex={t.id === tab ? 0 : -1}
              onClick={() => setTab(t.id)}
              onKeyDown={(event) => {
                if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
                const next = TABS[(TABS.indexOf(t) + 1) % TABS.length].id;
                setTab(next);
                document.getElementById(`${base}-${next}`)?.focus();
              }}
            >
              {t.label}
            </button>
          ))}
        </div>
        <CopyButton text={code} label="Copy code" />
      </div>
      <pre className="code snippet" id={`${base}-panel`} role="tabpanel" aria-labelledby={`${base}-${tab}`} data-testid="snippet">
        {code}
      </pre>
    </div>
  );
}
