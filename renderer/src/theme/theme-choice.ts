/**
 * The user's theme choice: System, Light or Dark, remembered across sessions. Light and
 * Dark pin the page by `data-theme` on the root element (tokens.css picks the colours from
 * it); System removes it, so the page follows the system's colour scheme.
 */
import { useEffect, useState } from 'react';

export type ThemeChoice = 'system' | 'light' | 'dark';
export const THEME_CHOICES: ReadonlyArray<{ value: ThemeChoice; label: string }> = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];
const KEY = 'mcp-workbench-theme';

function readChoice(): ThemeChoice {
  const stored = localStorage.getItem(KEY);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

/** The choice and its setter; the page follows it from the first render on. */
export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const [choice, setChoice] = useState<ThemeChoice>(readChoice);
  useEffect(() => {
    if (choice === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = choice;
    localStorage.setItem(KEY, choice);
  }, [choice]);
  return [choice, setChoice];
}

export function isThemeChoice(value: string): value is ThemeChoice {
  return THEME_CHOICES.some((choice) => choice.value === value);
}
