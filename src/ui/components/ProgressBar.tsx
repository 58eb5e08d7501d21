/** A progress bar; `value` null is work going on with no measure yet. */
export function ProgressBar({ value, label }: { value: number | null; label: string }) {
  const percent = value === null ? undefined : Math.round(Math.max(0, Math.min(1, value)) * 100);
  return (
    <div
      className={`progress${value === null ? ' indeterminate' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div style={{ width: `${percent ?? 0}%` }} />
    </div>
  );
}
