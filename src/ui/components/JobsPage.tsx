// A page of background jobs (video, try-on): the form that starts one beside
// the list of jobs, each a JobCard, with an empty state until there is one.
// A page says only what differs: its words, its form, its cards.
import { useId, type ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import type { IconName } from './Icon';

export interface JobsPageProps<J extends { id: string }> {
  title: ReactNode;
  intro: string;
  /** The form's card title, e.g. "New video". */
  formTitle: string;
  form: ReactNode;
  jobs: J[] | null;
  /** After the count of jobs: how long results are kept. */
  kept: string;
  empty: { icon: IconName; title: string; text: string };
  /** The list's accessible name, e.g. "Video jobs". */
  listLabel: string;
  card(job: J): ReactNode;
  /** Under the list: notes on how the feature works. */
  footer?: ReactNode;
  /** Sets the form column's width (--job-form-width) and anything else the page's own CSS adds. */
  layoutClass: string;
}

export function JobsPage<J extends { id: string }>({ jobs, ...page }: JobsPageProps<J>) {
  const formId = useId();
  const jobsId = useId();
  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>{page.title}</h1>
          <p>{page.intro}</p>
        </div>
      </header>
      <div className={`job-layout ${page.layoutClass}`}>
        <section className="card" aria-labelledby={formId}>
          <h2 id={formId}>{page.formTitle}</h2>
          {page.form}
        </section>
        <section aria-labelledby={jobsId} className="stack">
          <div className="row between">
            <h2 id={jobsId} className="jobs-title">
              Jobs
            </h2>
            {jobs && jobs.length > 0 && (
              <span className="muted small">
                {jobs.length} in total · {page.kept}
              </span>
            )}
          </div>
          {jobs === null ? null : jobs.length === 0 ? (
            <div className="card">
              <EmptyState icon={page.empty.icon} title={page.empty.title}>
                {page.empty.text}
              </EmptyState>
            </div>
          ) : (
            <ul className="job-list" aria-label={page.listLabel}>
              {jobs.map((job) => page.card(job))}
            </ul>
          )}
          {page.footer}
        </section>
      </div>
    </div>
  );
}
