// Asks the browser to keep the app's data, and says so plainly when space is short.
import { useEffect, useState } from 'react';
import { checkStorage, storageWarning } from '../../store/storage';

export function StorageNotice() {
  const [warning, setWarning] = useState<string | null>(null);
  useEffect(() => {
    void checkStorage().then((state) => setWarning(storageWarning(state)));
  }, []);
  if (!warning) return null;
  return (
    <div className="toast" role="alert" data-testid="storage-warning">
      {warning}
      <button type="button" className="button small" onClick={() => setWarning(null)}>
        Dismiss
      </button>
    </div>
  );
}
