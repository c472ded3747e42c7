/**
 * The header's menu: what is not done every day (projects, import and export, permission
 * rules, settings, the theme), so the header itself keeps only the daily actions. A Radix
 * dropdown (arrow keys, Enter, Escape, type-ahead), non-modal so no scroll-lock style tag is
 * injected (the CSP allows only the app's own sheet).
 */
import * as Menu from '@radix-ui/react-dropdown-menu';
import { Check, Menu as MenuIcon } from 'lucide-react';
import { isThemeChoice, THEME_CHOICES, type ThemeChoice } from '../theme/theme-choice';
import './app.css';

export interface AppMenuActions {
  project?: string | undefined;
  openProject(): void;
  closeProject(): void;
  importServers(): void;
  exportServers(): void;
  permissions(): void;
  settings(): void;
  theme: ThemeChoice;
  setTheme(choice: ThemeChoice): void;
}

export function AppMenu({ project, openProject, closeProject, importServers, exportServers, permissions, settings, theme, setTheme }: AppMenuActions) {
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>
        <button type="button" className="app-menu-button" aria-label="Menu" title="Projects, import and export, permissions, settings, theme">
          <MenuIcon size={16} aria-hidden="true" />
          <span className="app-menu-label">Menu</span>
        </button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="menu" align="end" sideOffset={4} aria-label="Menu">
          <Menu.Item className="menu-item" onSelect={openProject}>
            Open project…
          </Menu.Item>
          {project && (
            <Menu.Item className="menu-item" onSelect={closeProject}>
              Close project
            </Menu.Item>
          )}
          <Menu.Separator className="menu-separator" />
          <Menu.Item className="menu-item" onSelect={importServers}>
            Import servers…
          </Menu.Item>
          <Menu.Item className="menu-item" onSelect={exportServers}>
            Export servers…
          </Menu.Item>
          <Menu.Separator className="menu-separator" />
          <Menu.Item className="menu-item" onSelect={permissions}>
            Permissions…
          </Menu.Item>
          <Menu.Item className="menu-item" onSelect={settings}>
            Settings…
          </Menu.Item>
          <Menu.Separator className="menu-separator" />
          <Menu.Label className="menu-label">Theme</Menu.Label>
          <Menu.RadioGroup value={theme} onValueChange={(value) => isThemeChoice(value) && setTheme(value)}>
            {THEME_CHOICES.map((choice) => (
              <Menu.RadioItem key={choice.value} value={choice.value} className="menu-item menu-radio">
                <Menu.ItemIndicator className="menu-indicator">
                  <Check size={14} aria-hidden="true" />
                </Menu.ItemIndicator>
                {choice.label}
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
