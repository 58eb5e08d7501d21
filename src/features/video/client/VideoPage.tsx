// The video page: start a job from a clip, follow every job to its result.
import { JobsPage } from '../../../ui/components/JobsPage';
import { appClock } from '../../../store/clock';
import { studioDatabase } from '../../../store/database';
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
    const db = await studioDatabase();
    const input = await db.jobs.input(job.id);
    if (!input) return;
    await createVideoJob(db, {
      input,
      options: job.request.options,
      fileName: job.request.fileName,
      keyId: job.keyId,
      now: appClock.now(),
    });
    announceJobs();
    await reload();
  };

  return (
    <JobsPage
      title="Video"
      intro="Remove the background of a clip, frame by frame, on this device. Jobs keep going while you use the rest of the app."
      formTitle="New video"
      form={<NewVideoJob onCreated={() => void reload()} />}
      jobs={jobs}
      kept="yours are kept in the Library, API results 24 hours"
      empty={{ icon: 'video', title: 'No video jobs yet', text: 'Choose a clip to start one. Jobs made through the API appear here too.' }}
      listLabel="Video jobs"
      card={(job) => (
        <VideoJobCard key={job.id} job={job} onCancel={() => void cancel(job)} onDelete={() => void remove(job)} onRetry={() => void retry(job)} />
      )}
      layoutClass="video-layout"
    />
  );
}
