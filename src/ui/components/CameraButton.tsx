// "Take a photo": a file input that asks for the camera (capture=environment,
// the back one). Shown only where the main pointer is a finger: a desktop's
// browser ignores capture and would open the same file dialog as the picker
// beside it. It hands its file to the same callback as that picker.
import { useSyncExternalStore } from 'react';
import { Icon } from './Icon';

const COARSE = '(pointer: coarse)';

function watchPointer(changed: () => void): () => void {
  const query = matchMedia(COARSE);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

/** Whether the main pointer is a finger (a phone, a tablet), kept current if that changes (a tablet's keyboard cover). */
export function useCoarsePointer(): boolean {
  return useSyncExternalStore(watchPointer, () => matchMedia(COARSE).matches);
}

export interface CameraButtonProps {
  onFiles(files: File[]): void;
  /** The accessible name of the input, e.g. "Take a photo of the person". */
  label: string;
  /** The visible text; "Take a photo" unless given. */
  text?: string;
  /** Extra classes for the button, e.g. "small" or "primary". */
  className?: string;
  testId?: string;
}

export function CameraButton({ onFiles, label, text = 'Take a photo', className = 'small', testId }: CameraButtonProps) {
  const coarse = useCoarsePointer();
  if (!coarse) return null;
  return (
    <label className={`button ${className}`}>
      <Icon name="camera" size={className.includes('small') ? 14 : 16} />
      {text}
      <input
        type="file"
        accept="image/*"
        capture="environment"
        className="visually-hidden"
        aria-label={label}
        data-testid={testId}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </label>
  );
}
