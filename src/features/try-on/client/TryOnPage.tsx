// The Try-on page (beta): dress a person photo in a garment photo, on this
// device, as background jobs; follow each job to a before/after result.
import { appClock } from '../../../store/clock';
import { JobsPage } from '../../../ui/components/JobsPage';
import { studioDatabase } from '../../../store/database';
import { createTryOnJob, type TryOnJob } from '../shared/jobs';
import { tryOnMeta, type GarmentKind, type TryOnOptions } from '../shared/meta';
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

  // A new job from the same stored photos, with these options; made in the app, so free (no key).
  const again = async (job: TryOnJob, options: TryOnOptions) => {
    const { garment, label } = job.request;
    const db = await studioDatabase();
    const person = await db.jobs.input(job.id);
    if (!person) throw new Error('The person photo is no longer stored: choose it again above.');
    await createTryOnJob(db, { person, garment, options, label, keyId: null, now: appClock.now() });
    announceJobs();
    await reload();
  };
  const retry = (job: TryOnJob) => again(job, job.request.options).catch(() => {});
  // The same try-on with the garment dressed as another kind; the page follows it in its list.
  const tryAs = (job: TryOnJob, garmentMode: GarmentKind) => again(job, { ...job.request.options, garmentMode, waitForResult: false });

  return (
    <JobsPage
      title={
        <span className="tryon-title">
          Try-on <span className="badge accent plain">Beta</span>
        </span>
      }
      intro="Dress a person photo in a garment photo. Each try-on runs as a job in the background, so you can line up several and keep using the app."
      formTitle="New try-on"
      form={<NewTryOnJob onCreated={() => void reload()} />}
      jobs={jobs}
      kept={`yours are kept in the Library, API results ${RESULT_HOURS === 1 ? 'an hour' : `${RESULT_HOURS} hours`}`}
      empty={{
        icon: 'layers',
        title: 'No try-ons yet',
        text: 'Choose a person and a garment, or two samples, and press Try on. Jobs made through the API appear here too.',
      }}
      listLabel="Try-on jobs"
      card={(job) => (
        <TryOnJobCard
          key={job.id}
          job={job}
          onCancel={() => void cancel(job)}
          onDelete={() => void remove(job)}
          onRetry={() => void retry(job)}
          onTryAs={(kind) => tryAs(job, kind)}
        />
      )}
      footer={<HowItWorks />}
      layoutClass="tryon-layout"
    />
  );
}
