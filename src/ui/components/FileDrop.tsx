// A drop target that is also a file picker: drag files or whole folders onto
// it, or click (or press Enter/Space on) it to choose. A native <input
// type=file> inside keeps it reachable by keyboard and by tests (setInputFiles).
import { useState, type DragEvent, type ReactNode } from 'react';
import { droppedFiles } from '../dropped-files';
import { Icon, type IconName } from './Icon';

export interface FileDropProps {
  accept: string;
  multiple?: boolean;
  onFiles(files: File[]): void;
  title: ReactNode;
  hint?: ReactNode;
  icon?: IconName;
  compact?: boolean;
  /** The accessible name of the file input. */
  label: string;
  testId?: string;
  disabled?: boolean;
}

function accepts(file: File, accept: string): boolean {
  return accept.split(',').some((type) => {
    const t = type.trim();
    return t.endsWith('/*') ? file.type.startsWith(t.slice(0, -1)) : file.type === t;
  });
}

export function FileDrop({ accept, multiple, onFiles, title, hint, icon = 'upload', compact, label, testId, disabled }: FileDropProps) {
  const [active, setActive] = useState(false);
  const take = (list: ArrayLike<File> | null) => {
    const files = Array.from(list ?? []).filter((file) => accepts(file, accept));
    if (files.length) onFiles(multiple ? files : files.slice(0, 1));
  };
  const over = (event: DragEvent) => {
    event.preventDefault();
    setActive(true);
  };
  return (
    <label
      className={`dropzone${compact ? ' compact' : ''}${active ? ' active' : ''}`}
      onDragOver={over}
      onDragEnter={over}
      onDragLeave={() => setActive(false)}
      onDrop={(event) => {
        event.preventDefault();
        setActive(false);
        // The drop's entries are taken before the handler returns; walking a folder goes on after.
        if (!disabled) void droppedFiles(event.dataTransfer).then(take);
      }}
    >
      <span className="dropzone-icon">
        <Icon name={icon} size={compact ? 18 : 28} />
      </span>
      <span className="stack" style={{ gap: 2 }}>
        <strong>{title}</strong>
        {hint && <span className="muted small">{hint}</span>}
      </span>
      <input
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        className="visually-hidden"
        aria-label={label}
        data-testid={testId}
        onChange={(event) => {
          take(event.target.files);
          event.target.value = '';
        }}
      />
    </label>
  );
}
