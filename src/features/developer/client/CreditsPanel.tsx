// Credits: what each key has spent against its budget, and what calls cost.
import type { KeyRecord } from '../../../store/schema';
import { generateBackgroundMeta } from '../../generate-background/shared/meta';
import { removeBackgroundMeta } from '../../remove-background/shared/meta';
import { tryOnMeta } from '../../try-on/shared/meta';
import { videoMeta } from '../../video/shared/meta';

const COSTS = [
  ['POST /v1/remove-background', `${removeBackgroundMeta.cost.base} (+${removeBackgroundMeta.cost.shadow} with shadow)`],
  ['POST /v1/generate-background', String(generateBackgroundMeta.cost)],
  ['POST /v1/video/remove-background', `${videoMeta.costPerSecond} per started second`],
  ['POST /v1/try-on', String(tryOnMeta.cost)],
  ['GET /v1/credits, job status, results', '0'],
];

function Usage({ record }: { record: KeyRecord }) {
  if (record.budget === null) {
    return (
      <div className="credit-usage">
        <span className="small">
          <strong>{record.spent}</strong> used · <span className="muted">no limit</span>
        </span>
      </div>
    );
  }
  const share = record.budget === 0 ? 1 : Math.min(1, record.spent / record.budget);
  const tone = share >= 1 ? 'danger' : share >= 0.8 ? 'warning' : '';
  return (
    <div className="credit-usage">
      <span className="small">
        <strong>{record.spent}</strong> of {record.budget} used · {Math.max(0, record.budget - record.spent)} left
      </span>
      <div
        className={`meter ${tone}`}
        role="meter"
        aria-label={`${record.name}: credits used`}
        aria-valuemin={0}
        aria-valuemax={record.budget}
        aria-valuenow={Math.min(record.spent, record.budget)}
      >
        <div style={{ width: `${share * 100}%` }} />
      </div>
    </div>
  );
}

export function CreditsPanel({ keys }: { keys: KeyRecord[] | null }) {
  const active = (keys ?? []).filter((key) => key.revokedAt === null);
  return (
    <section className="card" aria-labelledby="credits-title">
      <div className="card-header">
        <h2 id="credits-title">Credits</h2>
        <p>Credits are taken only when a call succeeds. Set a budget per key in the table above.</p>
      </div>
      <div className="credits-grid">
        <div>
          <h3 className="section-title">Per key</h3>
          {active.length === 0 ? (
            <p className="muted small">No active keys.</p>
          ) : (
            <ul className="credit-list" data-testid="credits-list">
              {active.map((record) => (
                <li key={record.id}>
                  <span className="truncate">
                    <strong>{record.name}</strong> <code className="muted">{record.hint}</code>
                  </span>
                  <Usage record={record} />
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className="section-title">What calls cost</h3>
          <table className="table">
            <tbody>
              {COSTS.map(([route, cost]) => (
                <tr key={route}>
                  <td>
                    <code>{route}</code>
                  </td>
                  <td className="numeric">{cost}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
