// One video job in the list: its format and background, a player and a
// download when done. The card itself is the app's JobCard.
import { resultPath } from '../../../api/results';
import { Icon } from '../../../ui/components/Icon';
import { JobCard } from '../../../ui/components/JobCard';
import { JobResult } from '../../../ui/components/JobResult';
import { fileStem } from '../../../ui/download';
import { formatTime } from '../../../ui/format';
import type { VideoJob } from '../shared/jobs';
import { VIDEO_FORMATS } from '../shared/meta';

function Result({ job }: { job: VideoJob }) {
  if (!job.resultId || !job.resultExt) return null;
  const url = resultPath({ id: job.resultId, ext: job.resultExt });
  const name = `${fileStem(job.request.fileName)}-cutout.${job.resultExt}`;
  const { options } = job.request;
  const transparent = options.backgroundColor === 'transparent';
  return (
    <JobResult url={url} downloadName={name}>
      <div className={`video-result${transparent ? ' checkerboard' : ''}`}>
        {job.resultExt === 'gif' ? (
          <img src={url} alt={`${job.request.fileName} without its background`} />
        ) : (
          <video src={url} controls playsInline loop preload="auto" aria-label={`${job.request.fileName} without its background`} data-testid="video-player" />
        )}
      </div>
    </JobResult>
  );
}

export function VideoJobCard({ job, ...actions }: { job: VideoJob; onCancel(): void; onDelete(): void; onRetry(): void }) {
  const { options, fileName } = job.request;
  return (
    <JobCard
      job={job}
      testId="video-job"
      lead={
        <span className="video-job-icon">
          <Icon name="video" size={18} />
        </span>
      }
      title={fileName}
      details={
        <>
          {VIDEO_FORMATS[options.outputFormat].label} · {options.backgroundColor === 'transparent' ? 'transparent' : options.backgroundColor} · {formatTime(job.createdAt)}
          {job.keyId !== null && ' · API'}
        </>
      }
      subject={`the job for ${fileName}`}
      noun="job"
      runningLabel="Removing the background, frame by frame…"
      failureTitle="This video could not be processed."
      failureMessage={job.error?.message ?? 'unknown error'}
      {...actions}
    >
      <Result job={job} />
    </JobCard>
  );
}
