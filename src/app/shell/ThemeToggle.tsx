// One button that steps through system, light and dark.
import { Icon, type IconName } from '../../ui/components/Icon';
import { nextTheme, useTheme, type ThemeChoice } from '../theme';

const LABELS: Record<ThemeChoice, { icon: IconName; label: string }> = {
  system: { icon: 'monitor', label: 'System' },
  light: { icon: 'sun', label: 'Light' },
  dark: { icon: 'moon', label: 'Dark' },
};

export function ThemeToggle() {
  const [choice, setChoice] = useTheme();
  const next = nextTheme(choice);
  const label = `Theme: ${LABELS[choice].label}. Switch to ${LABELS[next].label.toLowerCase()}`;
  return (
    <button type="button" className="button small icon ghost" onClick={() => setChoice(next)} aria-label={label} title={label}>
      <Icon name={LABELS[choice].icon} size={18} />
    </button>
  );
}
