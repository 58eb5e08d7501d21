// API keys: create (shown once), name, budget, rate limit, revoke.
import { useState, type FormEvent } from 'react';
import type { KeyRecord } from '../../../store/schema';
import { studioDatabase } from '../../../store/database';
import { CopyButton } from '../../../ui/components/CopyButton';
import { Icon } from '../../../ui/components/Icon';
import { createApiKey, revokeApiKey } from '../shared/key-admin';

function parseLimit(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? Math.floor(value) : undefined;
}

function KeyRow({ record, onChange }: { record: KeyRecord; onChange: () => void }) {
  const [name, setName] = useState(record.name);
  const [budget, setBudget] = useState(record.budget === null ? '' : String(record.budget));
  const [rate, setRate] = useState(record.ratePerSecond === null ? '' : String(record.ratePerSecond));
  const revoked = record.revokedAt !== null;

  const save = async (change: Partial<KeyRecord>) => {
    await (await studioDatabase()).keys.update(record.id, change);
    onChange();
  };

  return (
    <tr data-testid="api-key-row">
      <td>
        <label className="visually-hidden" htmlFor={`name-${record.id}`}>
          Key name
        </label>
        <input
          id={`name-${record.id}`}
          className="input"
          value={name}
          disabled={revoked}
          onChange={(e) => setName(e.target.value)}
          onBlur={() => name.trim() && name !== record.name && save({ name: name.trim() })}
        />
      </td>
      <td className="hide-narrow">
        <code>{record.hint}</code>
      </td>
      <td>
        {record.spent}
        <label className="visually-hidden" htmlFor={`budget-${record.id}`}>
          Credit budget (empty for no limit)
        </label>
        <input
          id={`budget-${record.id}`}
          className="input"
          style={{ width: 90, marginLeft: 8 }}
          placeholder="no limit"
          inputMode="numeric"
          value={budget}
          disabled={revoked}
          onChange={(e) => setBudget(e.target.value)}
          onBlur={() => {
            const value = parseLimit(budget);
            if (value !== undefined && value !== record.budget) void save({ budget: value });
          }}
        />
      </td>
      <td className="hide-narrow">
        <label className="visually-hidden" htmlFor={`rate-${record.id}`}>
          Requests per second (empty for no limit)
        </label>
        <input
          id={`rate-${record.id}`}
          className="input"
          style={{ width: 90 }}
          placeholder="no limit"
          inputMode="numeric"
          value={rate}
          disabled={revoked}
          onChange={(e) => setRate(e.target.value)}
          onBlur={() => {
            const value = parseLimit(rate);
            if (value !== undefined && value !== record.ratePerSecond) void save({ ratePerSecond: value === 0 ? null : value });
          }}
        />
      </td>
      <td>
        {revoked ? (
          <span className="badge danger">Revoked</span>
        ) : (
          <button
            type="button"
            className="button small danger"
            onClick={async () => {
              if (!confirm(`Revoke "${record.name}"? Scripts using it will get 401.`)) return;
              await revokeApiKey(await studioDatabase(), record.id);
              onChange();
            }}
          >
            Revoke
          </button>
        )}
      </td>
    </tr>
  );
}

export interface KeysPanelProps {
  keys: KeyRecord[] | null;
  reload(): Promise<void>;
  onNewKey(key: string): void;
}

export function KeysPanel({ keys, reload, onNewKey }: KeysPanelProps) {
  const [name, setName] = useState('');
  const [newKey, setNewKey] = useState<string | null>(null);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const { key } = await createApiKey(await studioDatabase(), name || `Key ${(keys?.length ?? 0) + 1}`);
    setNewKey(key);
    onNewKey(key);
    setName('');
    await reload();
  };

  return (
    <section className="card" aria-labelledby="keys-title">
      <div className="card-header">
        <h2 id="keys-title">API keys</h2>
        <p>
          Keys authenticate calls to <code>/v1</code> from pages and scripts on this origin. Only a hash is stored: a new key is shown
          once.
        </p>
      </div>
      <form className="row" onSubmit={create} style={{ marginBottom: 16 }}>
        <label className="visually-hidden" htmlFor="new-key-name">
          Name for the new key
        </label>
        <input
          id="new-key-name"
          className="input"
          style={{ maxWidth: 280 }}
          placeholder="Name, e.g. Shop importer"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="button primary">
          <Icon name="key" size={16} />
          Create API key
        </button>
      </form>
      {newKey && (
        <div className="stack" style={{ marginBottom: 16 }}>
          <div className="secret">
            <code data-testid="new-api-key">{newKey}</code>
            <CopyButton text={newKey} />
          </div>
          <small className="muted">Copy it now: it will not be shown again.</small>
        </div>
      )}
      {keys === null ? null : keys.length === 0 ? (
        <p className="muted" style={{ marginBottom: 0 }}>
          No keys yet. Make one to call the API from a script or the playground below.
        </p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th>Name</th>
                <th className="hide-narrow">Key</th>
                <th>Credits used / budget</th>
                <th className="hide-narrow">Rate limit (req/s)</th>
                <th>
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((record) => (
                <KeyRow key={record.id} record={record} onChange={reload} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
