/**
 * Changes the app's host context live: theme, locale, display mode and container size.
 * The size the app asks for (size-changed) is offered, not applied by itself, so the
 * page never jumps under the pointer while the app lays itself out.
 */
import { useState } from 'react';
import { DISPLAY_MODES, type HostSettings } from './host-context';

export function AppControls({ settings, onChange, appHeight }: { settings: HostSettings; onChange: (patch: Partial<HostSettings>) => void; appHeight?: number }) {
  const [locale, setLocale] = useState(settings.locale);
  const size = (value: string) => Math.max(100, Math.min(4000, Number(value) || 0));
  return (
    <fieldset className="app-controls">
      <legend>Host context</legend>
      <label>
        Theme{' '}
        <select value={settings.theme} onChange={(event) => onChange({ theme: event.target.value as HostSettings['theme'] })}>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
      </label>
      <label>
        Locale{' '}
        <input
          value={locale}
          size={8}
          onChange={(event) => setLocale(event.target.value)}
          onBlur={() => locale.trim() && onChange({ locale: locale.trim() })}
          onKeyDown={(event) => event.key === 'Enter' && locale.trim() && onChange({ locale: locale.trim() })}
        />
      </label>
      <label>
        Display mode{' '}
        <select value={settings.displayMode} onChange={(event) => onChange({ displayMode: event.target.value as HostSettings['displayMode'] })}>
          {DISPLAY_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {mode}
            </option>
          ))}
        </select>
      </label>
      <label>
        Width{' '}
        <input type="number" min={100} max={4000} value={settings.width} onChange={(event) => onChange({ width: size(event.target.value) })} />
      </label>
      <label>
        Height{' '}
        <input type="number" min={100} max={4000} value={settings.height} onChange={(event) => onChange({ height: size(event.target.value) })} />
      </label>
      <button type="button" onClick={() => onChange({ displayMode: 'fullscreen' })}>
        Full size
      </button>
      {/* Always there, a fixed width: the row never reflows when the app reports a size. */}
      <button type="button" className="app-fit" disabled={appHeight === undefined || appHeight === settings.height} onClick={() => appHeight && onChange({ height: size(String(appHeight)) })}>
        Fit height{appHeight !== undefined ? ` (${appHeight} px)` : ''}
      </button>
    </fieldset>
  );
}
