/** System, light or dark; remembered across sessions. */
import { useEffect, useState } from 'react';
import './ThemeToggle.css';

type Theme = 'system' | 'light' | 'dark';
const KEY = 'mcp-workbench-theme';

function readTheme(): Theme {
  const stored = localStorage.getItem(KEY);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>(readTheme);
  useEffect(() => {
    if (theme === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
    localStorage.setItem(KEY, theme);
  }, [theme]);
  return (
    <label className="theme-toggle">
      <span className="theme-label">Theme </span>
      <select value={theme} onChange={(event) => setTheme(event.target.value as Theme)}>
        <option value="system">System</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
    </label>
  );
}
