import { usePwaState } from '../../ui/services';

export function UpdateToast() {
  const pwa = usePwaState();
  if (!pwa.updateReady) return null;
  return (
    <div className="toast" role="status">
      A new version is ready.
      <button type="button" className="button small primary" onClick={pwa.applyUpdate}>
        Update
      </button>
    </div>
  );
}
