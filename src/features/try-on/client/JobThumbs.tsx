// The two inputs of a job as small overlapping thumbnails: the person photo
// (or, once the store has dropped it, the result, which is that person
// dressed) and the garment (job.request.garment, kept with the job).
import { useState } from 'react';
import { resultPath } from '../../../api/results';
import type { TryOnJob } from '../shared/jobs';
import { usePersonPhoto } from './person-photos';
import { useObjectUrl } from '../../../ui/useObjectUrl';

export function JobThumbs({ job }: { job: TryOnJob }) {
  const photo = usePersonPhoto(job);
  const result = job.resultId && job.resultExt ? resultPath({ id: job.resultId, ext: job.resultExt }) : null;
  const [resultGone, setResultGone] = useState(false);
  const person = photo ?? (resultGone ? null : result);
  const garment = useObjectUrl(job.request.garment, `${job.id}:garment`);
  return (
    <span className="tryon-thumbs" aria-hidden="true">
      {person ? (
        <img src={person} alt="" className="tryon-thumb" data-testid="tryon-thumb-person" onError={() => setResultGone(true)} />
      ) : (
        <span className="tryon-thumb" />
      )}
      {garment && <img src={garment} alt="" className="tryon-thumb garment" data-testid="tryon-thumb-garment" />}
    </span>
  );
}
