// The colour theme: the system's, or light or dark as the user picked, kept
// in localStorage and applied as data-theme on <html> (styles.css reads it).
// index.html applies the stored choice too, before the first paint.
import { useEffect, useState } from 'react';

export type ThemeChoice = 'system' | 'light' | 'dark';

const STORAGE_KEY = 'cutout.theme';
const CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

export function storedTheme(): ThemeChoice {
  const value = localStorage.getItem(STORAGE_KEY);
  return CHOICES.includes(value as ThemeChoice) ? (value as ThemeChoice) : 'system';
}

export function applyTheme(choice: ThemeChoice): void {
  const root = document.documentElement;
  if (choice === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', choice);
}

export function useTheme(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const [choice, setChoice] = useState(storedTheme);
  useEffect(() => {
    applyTheme(choice);
    if (choice === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, choice);
  }, [choice]);
  return [choice, setChoice];
}

/** The choice after this one, for a single toggle button. */
export function nextTheme(choice: ThemeChoice): ThemeChoice {
  return CHOICES[(CHOICES.indexOf(choice) + 1) % CHOICES.length];
}
