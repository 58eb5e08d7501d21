// Offered only while the browser is willing to install the app.
import { Icon } from '../../ui/components/Icon';
import { useInstallAvailable, useServices } from '../../ui/services';

export function InstallButton() {
  const { install } = useServices();
  const available = useInstallAvailable();
  if (!available) return null;
  return (
    <button type="button" className="button small" onClick={() => void install.install()} aria-label="Install the app">
      <Icon name="install" size={16} />
      <span className="hide-narrow">Install</span>
    </button>
  );
}
