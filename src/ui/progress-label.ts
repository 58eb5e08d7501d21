// Engine progress in words for the app's pages: the stage the engine names, and
// while a task waits behind the early model load, that load's own progress.
import type { EngineProgress } from '../api/tasks';
import type { EngineStatusView } from './services';

export interface ProgressView {
  label: string;
  /** 0–1, or null when there is no measure yet. */
  fraction: number | null;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function progressView(progress: EngineProgress | null, engine: EngineStatusView | null): ProgressView {
  if (progress) return { label: `${capitalise(progress.stage)}…`, fraction: progress.fraction };
  const loading = engine?.progress && engine.state !== 'ready' ? engine.progress : null;
  if (loading?.stage === 'downloading model') return { label: 'Downloading the model (once, then it works offline)…', fraction: loading.fraction };
  if (loading) return { label: 'Loading the model…', fraction: loading.fraction };
  return { label: 'Starting…', fraction: null };
}
