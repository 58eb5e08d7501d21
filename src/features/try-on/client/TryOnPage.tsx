// The Try-on page (beta): dress a person photo in a garment photo, on this
// device, as background jobs; follow each job to a before/after result.
import { appClock } from '../../../store/clock';
import { EmptyState } from '../../../ui/components/EmptyState';
import { appStore } from '../../../ui/store';
import { createTryOnJob, type TryOnJob } from '../shared/jobs';
import { tryOnMeta } from '../shared/meta';
import { NewTryOnJob } from './NewTryOnJob';
import { forgetPersonPhoto } from './person-photos';
import { TryOnJobCard } from './TryOnJobCard';
import { announceJobs, useJobs } from '../../../ui/useJobs';
import './try-on.css';

const RESULT_HOURS = tryOnMeta.resultLifetimeMs / 3_600_000;

function HowItWorks() {
  return (
    <p className="tryon-note" data-testid="tryon-note">
      <strong>How it works.</strong> This is a geometric try-on: the engine finds the person’s pose keypoints, warps the garment photo onto the
      body, keeps hands and arms in front of it and takes the shading from the person’s photo. There is no diffusion model, so nothing is
      redrawn: folds, hair and skin stay as they were. It all runs on this device.
    </p>
  );
}

export function TryOnPage() {
  const { jobs, reload, cancel: cancelJob, remove: removeJob } = useJobs<TryOnJob>('try-on');

  const remove = async (job: TryOnJob) => {
    await removeJob(job.id);
    forgetPersonPhoto(job.id);
  };
  const cancel = (job: TryOnJob) => cancelJob(job.id);

  // A new job from the same stored photos; made in the app, so free (no key).
  const retry = async (job: TryOnJob) => {
    const { garment, options, label } = job.request;
    await createTryOnJob(await appStore(), { person: job.input, garment, options, label, keyId: null, now: appClock.now() });
    announceJobs();
    await reload();
  };

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1 className="tryon-title">
            Try-on <span className="badge accent plain">Beta</span>
          </h1>
          <p>Dress a person photo in a garment photo. Each try-on runs as a job in the background, so you can line up several and keep using the app.</p>
        </div>
      </header>
      <div className="tryon-layout">
        <section className="card" aria-labelledby="tryon-new-title">
          <h2 id="tryon-new-title">New try-on</h2>
          <NewTryOnJob onCreated={() => void reload()} />
        </section>
        <section aria-labelledby="tryon-jobs-title" className="stack">
          <div className="row between">
            <h2 id="tryon-jobs-title" className="jobs-title">
              Jobs
            </h2>
            {jobs && jobs.length > 0 && (
              <span className="muted small">
                {jobs.length} in total · yours are kept in the Library, API results {RESULT_HOURS === 1 ? 'an hour' : `${RESULT_HOURS} hours`}
              </span>
            )}
          </div>
          {jobs === null ? null : jobs.length === 0 ? (
            <div className="card">
              <EmptyState icon="layers" title="No try-ons yet">
                Choose a person and a garment, or two samples, and press Try on. Jobs made through the API appear here too.
              </EmptyState>
            </div>
          ) : (
            <ul className="job-list" aria-label="Try-on jobs">
              {jobs.map((job) => (
                <TryOnJobCard key={job.id} job={job} onCancel={() => void cancel(job)} onDelete={() => void remove(job)} onRetry={() => void retry(job)} />
              ))}
            </ul>
          )}
          <HowItWorks />
        </section>
      </div>
    </div>
  );
}
