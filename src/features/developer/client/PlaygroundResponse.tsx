// What came back: status, time, headers, and the body as JSON, or the image
// (returned directly, or behind a result_url) shown as an image.
import { useEffect, useMemo } from 'react';
import { CopyButton } from '../../../ui/components/CopyButton';

export interface PlaygroundAnswer {
  status: number;
  statusText: string;
  ms: number;
  headers: [string, string][];
  contentType: string;
  /** Parsed JSON, the text, or for media the bytes. */
  json?: unknown;
  text?: string;
  blob?: Blob;
}

function tone(status: number): string {
  if (status < 300) return 'success';
  if (status < 500) return 'warning';
  return 'danger';
}

function resultUrlOf(json: unknown): string | null {
  const url = (json as { result_url?: unknown } | null)?.result_url;
  return typeof url === 'string' ? url : null;
}

function Media({ url, type, label }: { url: string; type: string; label: string }) {
  const video = type.startsWith('video/') || /\.(mp4|webm|mov|mkv)$/.test(url);
  return (
    <div className="playground-media checkerboard">
      {video ? <video src={url} controls playsInline aria-label={label} /> : <img src={url} alt={label} data-testid="playground-image" />}
    </div>
  );
}

export function PlaygroundResponse({ answer }: { answer: PlaygroundAnswer }) {
  const blobUrl = useMemo(() => (answer.blob ? URL.createObjectURL(answer.blob) : null), [answer.blob]);
  useEffect(() => () => {
    if (blobUrl) URL.revokeObjectURL(blobUrl);
  }, [blobUrl]);
  const resultUrl = resultUrlOf(answer.json);
  const bodyText = answer.json !== undefined ? JSON.stringify(answer.json, null, 2) : answer.text;

  return (
    <div className="stack" data-testid="playground-response">
      <div className="row between">
        <span className={`badge ${tone(answer.status)}`} data-testid="playground-status">
          {answer.status} {answer.statusText}
        </span>
        <span className="hint">
          {answer.ms < 1000 ? `${Math.round(answer.ms)} ms` : `${(answer.ms / 1000).toFixed(1)} s`} · {answer.contentType || 'no body'}
        </span>
      </div>
      {blobUrl && <Media url={blobUrl} type={answer.contentType} label="The returned image" />}
      {bodyText !== undefined && bodyText !== '' && (
        <div className="stack" style={{ gap: 'var(--space-2)' }}>
          <div className="row between">
            <span className="section-title" style={{ margin: 0 }}>
              Body
            </span>
            <CopyButton text={bodyText} label="Copy body" />
          </div>
          <pre className="code playground-body" data-testid="playground-body">
            {bodyText}
          </pre>
        </div>
      )}
      {resultUrl && <Media url={resultUrl} type="" label="The image at result_url" />}
      <details className="playground-headers">
        <summary>Headers ({answer.headers.length})</summary>
        <table className="table">
          <tbody>
            {answer.headers.map(([name, value]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td>
                  <code>{value}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
