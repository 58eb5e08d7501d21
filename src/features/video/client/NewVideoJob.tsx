// A new video job: the clip, the output format and the background. Formats
// without an alpha channel cannot be transparent (the API refuses it too).
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../ui/components/ErrorAlert';
import { FileDrop } from '../../../ui/components/FileDrop';
import { Icon } from '../../../ui/components/Icon';
import { Segmented } from '../../../ui/components/Segmented';
import { formatBytes, formatClock } from '../../../ui/format';
import { SAMPLE_VIDEO, sampleFile } from '../../../ui/samples';
import { studioDatabase } from '../../../store/database';
import { createVideoJob } from '../shared/jobs';
import { OUTPUT_FORMATS, VIDEO_FORMATS, videoMeta, type OutputFormat } from '../shared/meta';
import { announceJobs } from '../../../ui/useJobs';
import { readVideoFacts, videoProblem, type VideoFacts } from './video-file';

const ACCEPT = 'video/mp4,video/webm,video/quicktime,video/x-matroska,.mkv,.mov';

interface Chosen {
  file: File;
  url: string;
  facts: VideoFacts | null | undefined;
}

export function NewVideoJob({ onCreated }: { onCreated(): void }) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [format, setFormat] = useState<OutputFormat>('mp4_h264');
  const [backdrop, setBackdrop] = useState<'color' | 'transparent'>('color');
  const [color, setColor] = useState('#000000');
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const formatId = useId();
  const colorId = useId();
  const alpha = VIDEO_FORMATS[format].alpha;

  const chosenUrl = chosen?.url;
  useEffect(
    () => () => {
      if (chosenUrl) URL.revokeObjectURL(chosenUrl);
    },
    [chosenUrl],
  );

  const choose = (file: File) => {
    const url = URL.createObjectURL(file);
    setError(null);
    setChosen({ file, url, facts: undefined });
    void readVideoFacts(url).then((facts) => setChosen((current) => (current?.url === url ? { ...current, facts } : current)));
  };

  const pickFormat = (next: OutputFormat) => {
    setFormat(next);
    if (!VIDEO_FORMATS[next].alpha) setBackdrop('color');
  };

  const problem = chosen ? videoProblem(chosen.file, chosen.facts ?? null) : null;

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || problem) return;
    setCreating(true);
    setError(null);
    try {
      await createVideoJob(await studioDatabase(), {
        input: chosen.file,
        options: { outputFormat: format, backgroundColor: backdrop === 'transparent' ? 'transparent' : (color as `#${string}`) },
        fileName: chosen.file.name,
        keyId: null,
        now: Date.now(),
      });
      announceJobs();
      setChosen(null);
      onCreated();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setCreating(false);
    }
  };

  return (
    <form className="stack-lg" onSubmit={create} aria-label="New video job">
      {chosen ? (
        <div className="video-chosen">
          <video src={chosen.url} controls muted playsInline className="video-preview" aria-label={`Preview of ${chosen.file.name}`} />
          <div className="row between">
            <span className="stack" style={{ gap: 0, minWidth: 0 }}>
              <strong className="truncate">{chosen.file.name}</strong>
              <span className="hint">
                {formatBytes(chosen.file.size)}
                {chosen.facts && ` · ${formatClock(chosen.facts.durationSeconds * 1000)} · ${chosen.facts.width} × ${chosen.facts.height} px`}
                {chosen.facts === null && ' · this browser cannot preview it; the engine may still read it'}
              </span>
            </span>
            <button type="button" className="button small" onClick={() => setChosen(null)}>
              Change
            </button>
          </div>
        </div>
      ) : (
        <div className="stack">
          <FileDrop
            accept={ACCEPT}
            onFiles={([file]) => choose(file)}
            icon="video"
            label="Choose a video"
            testId="video-file"
            title="Drop a video, or choose one"
            hint={`MP4, WebM, MOV or MKV · up to ${videoMeta.limits.maxSeconds} s and ${videoMeta.limits.maxBytes / 1e6} MB`}
          />
          <button type="button" className="button small ghost" onClick={() => void sampleFile(SAMPLE_VIDEO).then(choose)}>
            <Icon name="video" size={14} />
            Try the sample clip
          </button>
        </div>
      )}
      {problem && <ErrorAlert message={problem} />}

      <label className="field" htmlFor={formatId}>
        <span>Output format</span>
        <select id={formatId} className="select" value={format} onChange={(event) => pickFormat(event.target.value as OutputFormat)}>
          {OUTPUT_FORMATS.map((value) => (
            <option key={value} value={value}>
              {VIDEO_FORMATS[value].label}
            </option>
          ))}
        </select>
        <small>{alpha ? 'Can keep a transparent background.' : 'No alpha channel: the background is filled with a colour.'}</small>
      </label>

      <div className="stack">
        <Segmented
          label="Background"
          showLabel
          value={backdrop}
          onChange={setBackdrop}
          options={[
            { value: 'color', label: 'Colour' },
            { value: 'transparent', label: 'Transparent', disabled: !alpha, title: alpha ? undefined : 'Pick a format with alpha: WebM VP9, MOV ProRes 4444 or GIF' },
          ]}
        />
        {backdrop === 'color' && (
          <div className="row">
            <input id={colorId} type="color" value={color} onChange={(event) => setColor(event.target.value)} aria-label="Background colour" />
            <label htmlFor={colorId} className="muted small">
              <code>{color}</code>
            </label>
          </div>
        )}
      </div>

      {error && <ErrorAlert message={error} />}
      <button type="submit" className="button primary block" disabled={!chosen || problem !== null || creating} data-testid="video-create">
        {creating ? <span className="spinner" aria-hidden="true" /> : <Icon name="play" size={16} />}
        Remove the background
      </button>
      <p className="hint" style={{ margin: 0 }}>
        Free in the app. Through the API a video costs {videoMeta.costPerSecond} credit per started second.
      </p>
    </form>
  );
}
