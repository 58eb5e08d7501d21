import { Icon } from '../../ui/components/Icon';
import { useOnline } from '../../ui/services';

export function OfflineBadge() {
  const online = useOnline();
  if (online) return null;
  return (
    <span className="badge warning plain" data-testid="offline-badge" title="You are offline. Everything still works: it all runs on this device.">
      <Icon name="wifiOff" size={14} />
      Offline
    </span>
  );
}
