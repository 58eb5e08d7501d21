// The API playground: a real request from this page to the service worker,
// with a chosen route, key and body (JSON, or files as multipart), and the
// code that does the same from a script.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { EmptyState } from '../../../ui/components/EmptyState';
import { ErrorAlert } from '../../../ui/components/ErrorAlert';
import { Icon } from '../../../ui/components/Icon';
import { Segmented } from '../../../ui/components/Segmented';
import { buildRequest, parseFields, type BodyMode, type PlaygroundForm } from './playground-request';
import { needsJobId, PLAYGROUND_ROUTES, type PlaygroundRoute } from './playground-routes';
import { PlaygroundResponse, type PlaygroundAnswer } from './PlaygroundResponse';
import { Snippets } from './Snippets';

const exampleOf = (route: PlaygroundRoute) => (route.example ? JSON.stringify(route.example, null, 2) : '');

async function readAnswer(response: Response, started: number): Promise<PlaygroundAnswer> {
  const contentType = response.headers.get('content-type') ?? '';
  const base = {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers.entries()],
    contentType,
  };
  if (contentType.includes('json')) {
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { ...base, text, ms: performance.now() - started };
    }
    return { ...base, json, ms: performance.now() - started };
  }
  if (contentType.startsWith('image/') || contentType.startsWith('video/')) {
    return { ...base, blob: await response.blob(), ms: performance.now() - started };
  }
  return { ...base, text: await response.text(), ms: performance.now() - started };
}

export interface PlaygroundProps {
  apiKey: string;
  onApiKey(key: string): void;
  /** Makes a key for the playground when none is at hand. */
  onCreateKey(): Promise<void>;
  /** After a call: credits may have moved. */
  onAnswered(): void;
}

export function Playground({ apiKey, onApiKey, onCreateKey, onAnswered }: PlaygroundProps) {
  const [route, setRoute] = useState<PlaygroundRoute>(PLAYGROUND_ROUTES[0]);
  const [json, setJson] = useState(exampleOf(PLAYGROUND_ROUTES[0]));
  const [mode, setMode] = useState<BodyMode>('json');
  const [accept, setAccept] = useState(route.accepts[0]);
  const [jobId, setJobId] = useState('');
  const [files, setFiles] = useState<Record<string, File | undefined>>({});
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<PlaygroundAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const ids = { route: useId(), key: useId(), job: useId(), body: useId() };

  useEffect(() => () => abort.current?.abort(), []);

  const pickRoute = (id: string) => {
    const next = PLAYGROUND_ROUTES.find((r) => r.id === id) ?? PLAYGROUND_ROUTES[0];
    setRoute(next);
    setJson(exampleOf(next));
    setAccept(next.accepts[0]);
    setMode('json');
    setFiles({});
  };

  const form: PlaygroundForm = { route, apiKey, jobId, accept, mode, json, files };
  const parsed = route.method === 'POST' ? parseFields(json) : null;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setSending(true);
    setFailure(null);
    const started = performance.now();
    try {
      const { url, init } = buildRequest(form);
      const result = await readAnswer(await fetch(url, { ...init, signal: controller.signal }), started);
      setAnswer(result);
      const newJob = (result.json as { job_id?: unknown } | undefined)?.job_id;
      if (typeof newJob === 'string') setJobId(newJob);
      onAnswered();
    } catch (error) {
      if (!controller.signal.aborted) setFailure(`The request did not complete: ${(error as Error).message}`);
    } finally {
      if (abort.current === controller) setSending(false);
    }
  };

  const cancel = () => {
    abort.current?.abort();
    setSending(false);
  };

  return (
    <div className="playground">
      <form className="stack-lg playground-request" onSubmit={send} aria-label="Request">
        <label className="field" htmlFor={ids.route}>
          <span>Route</span>
          <select id={ids.route} className="select" value={route.id} onChange={(e) => pickRoute(e.target.value)} data-testid="playground-route">
            {PLAYGROUND_ROUTES.map((r) => (
              <option key={r.id} value={r.id}>
                {r.method} {r.path.replace('/v1', '')} · {r.label}
              </option>
            ))}
          </select>
        </label>
        <div className="field">
          <label className="field-label" htmlFor={ids.key}>
            API key <span className="muted">(X-API-KEY)</span>
          </label>
          <div className="row" style={{ flexWrap: 'nowrap' }}>
            <input
              id={ids.key}
              className="input mono"
              placeholder="cs_…"
              autoComplete="off"
              spellCheck={false}
              value={apiKey}
              onChange={(e) => onApiKey(e.target.value)}
              data-testid="playground-key"
            />
            {!apiKey && (
              <button type="button" className="button" onClick={() => void onCreateKey()}>
                <Icon name="key" size={16} />
                New key
              </button>
            )}
          </div>
          <small>Only a hash of each key is stored, so paste a key you kept, or make a new one here.</small>
        </div>
        {needsJobId(route) && (
          <label className="field" htmlFor={ids.job}>
            <span>Job id</span>
            <input id={ids.job} className="input mono" placeholder="from a job_id answer" value={jobId} onChange={(e) => setJobId(e.target.value)} />
          </label>
        )}
        {route.accepts.length > 1 && (
          <Segmented
            label="Accept"
            showLabel
            value={accept}
            onChange={setAccept}
            options={route.accepts.map((value) => ({ value, label: value === 'application/json' ? 'JSON (result_url)' : `${value} bytes` }))}
          />
        )}
        {route.method === 'POST' && (
          <div className="stack">
            {route.fileFields && (
              <Segmented
                label="Body"
                showLabel
                value={mode}
                onChange={setMode}
                options={[
                  { value: 'json', label: 'JSON' },
                  { value: 'multipart', label: 'Upload files (multipart)' },
                ]}
              />
            )}
            {mode === 'multipart' &&
              route.fileFields?.map((field) => (
                <label key={field} className="field">
                  <span>
                    <code>{field}</code> file
                  </span>
                  <input
                    type="file"
                    accept="image/png,image/jpeg,image/webp"
                    className="input"
                    onChange={(e) => setFiles((current) => ({ ...current, [field]: e.target.files?.[0] }))}
                    data-testid={`playground-file-${field}`}
                  />
                </label>
              ))}
            <label className="field" htmlFor={ids.body}>
              <span>{mode === 'json' ? 'JSON body' : 'Other fields (sent as form fields)'}</span>
              <textarea
                id={ids.body}
                className="textarea"
                value={json}
                spellCheck={false}
                onChange={(e) => setJson(e.target.value)}
                rows={Math.min(14, Math.max(6, json.split('\n').length + 1))}
                data-testid="playground-body-input"
              />
              {parsed && 'error' in parsed && <small className="text-warning">{parsed.error} It is sent as it is: see what the API says.</small>}
            </label>
          </div>
        )}
        <div className="row">
          <button type="submit" className="button primary" disabled={sending} data-testid="playground-send">
            {sending ? <span className="spinner" aria-hidden="true" /> : <Icon name="send" size={16} />}
            {sending ? 'Sending…' : `Send ${route.method}`}
          </button>
          {sending && (
            <button type="button" className="button" onClick={cancel}>
              Cancel
            </button>
          )}
          {!apiKey && <span className="hint">Without a key the API answers 401: try it.</span>}
        </div>
      </form>
      <section className="playground-answer" aria-labelledby="answer-title" aria-live="polite" aria-busy={sending}>
        <h3 id="answer-title" className="section-title">
          Response
        </h3>
        {failure && <ErrorAlert message={failure} />}
        {answer ? (
          <PlaygroundResponse answer={answer} />
        ) : (
          !failure && (
            <EmptyState icon="send" title="No request sent yet">
              Pick a route and press Send: the service worker answers, on this device.
            </EmptyState>
          )
        )}
      </section>
      <div className="playground-code">
        <Snippets form={form} />
      </div>
    </div>
  );
}
