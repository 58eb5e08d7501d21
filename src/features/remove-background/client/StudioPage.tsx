// The studio: drop an image, get the cut-out.
import { useState } from 'react';
import { toApiError } from '../../../api/errors';
import { ZERO_MARGIN } from '../../../api/margin';
import type { EngineProgress } from '../../../engine/protocol';
import { Icon } from '../../../ui/components/Icon';
import { ProgressBar } from '../../../ui/components/ProgressBar';
import { useServices } from '../../../ui/services';

export function StudioPage() {
  const { engine } = useServices();
  const [progress, setProgress] = useState<EngineProgress | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (file: File) => {
    setError(null);
    setResult(null);
    setProgress({ stage: 'starting', fraction: 0 });
    try {
      const output = await engine.run(
        {
          feature: 'remove-background',
          input: file,
          options: { crop: false, margins: { top: ZERO_MARGIN, right: ZERO_MARGIN, bottom: ZERO_MARGIN, left: ZERO_MARGIN }, shadow: null },
        },
        setProgress,
      );
      setResult(URL.createObjectURL(output.blob));
    } catch (e) {
      setError(toApiError(e, 'remove-background').message);
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>Studio</h1>
          <p>Remove the background of an image, on this device.</p>
        </div>
      </header>
      <label className="dropzone">
        <Icon name="upload" size={32} />
        <strong>Choose an image</strong>
        <span className="muted">PNG, JPEG or WebP, up to 25 MB and 6000×6000 px</span>
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="visually-hidden"
          data-testid="studio-file"
          onChange={(e) => e.target.files?.[0] && run(e.target.files[0])}
        />
      </label>
      {progress && (
        <div className="card stack" style={{ marginTop: 16 }}>
          <span>{progress.stage}…</span>
          <ProgressBar value={progress.fraction} label={progress.stage} />
        </div>
      )}
      {error && (
        <div className="alert error" role="alert" style={{ marginTop: 16 }}>
          {error}
        </div>
      )}
      {result && (
        <div className="card checkerboard" style={{ marginTop: 16 }}>
          <img src={result} alt="Cut-out result" data-testid="studio-result" style={{ maxWidth: '100%' }} />
        </div>
      )}
    </div>
  );
}
