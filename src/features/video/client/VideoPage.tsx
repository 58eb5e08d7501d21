// The video page: start a job from a clip, follow every job to its result.
import { EmptyState } from '../../../ui/components/EmptyState';
import { appClock } from '../../../store/clock';
import { appStore } from '../../../ui/store';
import { createVideoJob, type VideoJob } from '../shared/jobs';
import { NewVideoJob } from './NewVideoJob';
import { announceJobs, useJobs } from '../../../ui/useJobs';
import { VideoJobCard } from './VideoJobCard';
import './video.css';

export function VideoPage() {
  const { jobs, reload, cancel: cancelJob, remove: removeJob } = useJobs<VideoJob>('video');
  const remove = (job: VideoJob) => removeJob(job.id);
  const cancel = (job: VideoJob) => cancelJob(job.id);

  const retry = async (job: VideoJob) => {
    await createVideoJob(await appStore(), {
      input: job.input,
      options: job.request.options,
      fileName: job.request.fileName,
      keyId: job.keyId,
      now: appClock.now(),
    });
    announceJobs();
    await reload();
  };

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>Video</h1>
          <p>Remove the background of a clip, frame by frame, on this device. Jobs keep going while you use the rest of the app.</p>
        </div>
      </header>
      <div className="video-layout">
        <section className="card" aria-labelledby="new-video-title">
          <h2 id="new-video-title">New video</h2>
          <NewVideoJob onCreated={() => void reload()} />
        </section>
        <section aria-labelledby="jobs-title" className="stack">
          <div className="row between">
            <h2 id="jobs-title" className="jobs-title">
              Jobs
            </h2>
            {jobs && jobs.length > 0 && <span className="muted small">{jobs.length} in total · yours are kept in the Library, API results 24 hours</span>}
          </div>
          {jobs === null ? null : jobs.length === 0 ? (
            <div className="card">
              <EmptyState icon="video" title="No video jobs yet">
                Choose a clip to start one. Jobs made through the API appear here too.
              </EmptyState>
            </div>
          ) : (
            <ul className="job-list" aria-label="Video jobs">
              {jobs.map((job) => (
                <VideoJobCard key={job.id} job={job} onCancel={() => void cancel(job)} onDelete={() => void remove(job)} onRetry={() => void retry(job)} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
