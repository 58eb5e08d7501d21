// The Developer page: keys, costs, and a copy-ready example.
import { useState } from 'react';
import { CopyButton } from '../../../ui/components/CopyButton';
import { removeBackgroundMeta } from '../../remove-background/shared/meta';
import { generateBackgroundMeta } from '../../generate-background/shared/meta';
import { tryOnMeta } from '../../try-on/shared/meta';
import { videoMeta } from '../../video/shared/meta';
import { KeysPanel } from './KeysPanel';

export function fetchExample(key: string, origin: string): string {
  return `const response = await fetch('${origin}${removeBackgroundMeta.path}', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', 'X-API-KEY': '${key}' },
  body: JSON.stringify({ image_url: '${origin}/samples/sneaker.jpg', crop: true, margin: '5%' }),
});
if (!response.ok) throw new Error((await response.json()).error);
const { result_url } = await response.json();
document.querySelector('img').src = result_url; // a PNG with transparency, valid for 1 hour`;
}

const COSTS = [
  ['POST /v1/remove-background', `${removeBackgroundMeta.cost.base} (+${removeBackgroundMeta.cost.shadow} with shadow)`],
  ['POST /v1/generate-background', String(generateBackgroundMeta.cost)],
  ['POST /v1/video/remove-background', `${videoMeta.costPerSecond} per started second`],
  ['POST /v1/try-on', String(tryOnMeta.cost)],
  ['GET /v1/credits, job status, results', '0'],
];

export function DeveloperPage() {
  const [key, setKey] = useState<string | null>(null);
  const example = fetchExample(key ?? '<your key>', location.origin);
  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>Developer</h1>
          <p>
            Call the <code>/v1</code> API from any page or script on this origin. It runs on this device, works offline, and
            nothing leaves it.
          </p>
        </div>
      </header>
      <KeysPanel onNewKey={setKey} />
      <section className="card" aria-labelledby="example-title">
        <div className="row" style={{ justifyContent: 'space-between' }}>
          <h2 id="example-title" style={{ margin: 0 }}>
            Quick start
          </h2>
          <CopyButton text={example} label="Copy example" />
        </div>
        <pre className="code" style={{ marginTop: 12 }} data-testid="fetch-example">
          {example}
        </pre>
      </section>
      <section className="card" aria-labelledby="costs-title">
        <h2 id="costs-title">Credit costs</h2>
        <table className="table">
          <thead>
            <tr>
              <th>Route</th>
              <th>Credits</th>
            </tr>
          </thead>
          <tbody>
            {COSTS.map(([route, cost]) => (
              <tr key={route}>
                <td>
                  <code>{route}</code>
                </td>
                <td>{cost}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted" style={{ marginBottom: 0 }}>
          Keys have no limit unless you set a budget. Credits are taken only when a call succeeds.
        </p>
      </section>
    </div>
  );
}
