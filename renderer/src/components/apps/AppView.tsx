/**
 * A tool's MCP App beside its result: asks before granting what the app wants, then
 * shows it in the sandbox frame (inline, full size or picture-in-picture), with the
 * controls that change its host context live, what it said, the bridge log and the CSP
 * report.
 */
import { useState } from 'react';
import type { ToolInfo } from '../../../../shared/domain';
import type { ToolRunResult } from '../../../../shared/tool-results';
import { AppControls } from './AppControls';
import { AppNotes } from './AppNotes';
import { AppPromptView, PermissionConsent } from './AppPrompts';
import { FullSizeBar } from './FullSizeBar';
import { BridgeLogView } from './BridgeLogView';
import { CspReport } from './CspReport';
import { useAppHost } from './use-app-host';
import './apps.css';

interface Props {
  tool: ToolInfo;
  argsText: string;
  result?: ToolRunResult;
  cancelled?: boolean;
}

/** The outer frame: its own origin (allow-same-origin is safe there), scripts, forms; never top navigation or popups. */
const SANDBOX_FRAME = 'allow-scripts allow-same-origin allow-forms';

export function AppView({ tool, argsText, result, cancelled }: Props) {
  // The arguments of this run, as they were sent: later edits in the form belong to the next run.
  const [args] = useState(() => parseArgs(argsText));
  const host = useAppHost({ tool, args, ...(result ? { result } : {}), ...(cancelled ? { cancelled } : {}) });
  const [tab, setTab] = useState<'notes' | 'log' | 'csp'>('notes');
  const mode = host.settings.displayMode;
  const allow = Object.entries(host.granted)
    .filter(([, on]) => on)
    .map(([name]) => (name === 'clipboardWrite' ? 'clipboard-write' : name))
    .join('; ');

  return (
    <section className="app-host" aria-label="App">
      <div className="app-host-header">
        <h3>
          App <code>{tool.ui?.resourceUri}</code>
        </h3>
        {host.phase === 'running' && (
          <span className="muted" role="status" aria-label="App state">
            {host.initialized ? 'running' : 'starting…'}
          </span>
        )}
      </div>
      {host.phase === 'loading' && <p className="muted">Loading the app…</p>}
      {host.phase === 'failed' && (
        <p role="alert" className="error-text">
          The app could not be shown: {host.error}
        </p>
      )}
      {host.phase === 'consent' && host.resource && <PermissionConsent permissions={host.resource.permissions} onDecide={host.decidePermissions} />}
      {host.prompts[0] && <AppPromptView key={host.prompts[0].id} prompt={host.prompts[0]} more={host.prompts.length - 1} />}
      {host.frameUrl && (
        <>
          <AppControls settings={host.settings} onChange={host.setSettings} {...(host.appHeight ? { appHeight: host.appHeight } : {})} />
          <div className={`app-frame-box mode-${mode}`} style={mode === 'inline' ? { width: host.settings.width, height: host.settings.height } : mode === 'pip' ? { width: Math.min(host.settings.width, 420), height: Math.min(host.settings.height, 300) } : undefined}>
            {mode !== 'inline' && <FullSizeBar tool={tool.name} mode={mode} onBack={() => host.setSettings({ displayMode: 'inline' })} />}
            <iframe ref={host.attach} className="app-frame" title={`App of ${tool.name}`} src={host.frameUrl} sandbox={SANDBOX_FRAME} {...(allow ? { allow } : {})} referrerPolicy="no-referrer" />
          </div>
          <div className="app-tabs" role="tablist" aria-label="App details">
            {(
              [
                ['notes', `Messages (${host.notes.length})`],
                ['log', `Bridge log (${host.log.length})`],
                ['csp', `CSP report (${host.violations.length})`],
              ] as const
            ).map(([id, label]) => (
              <button key={id} type="button" role="tab" aria-selected={tab === id} onClick={() => setTab(id)}>
                {label}
              </button>
            ))}
          </div>
          {tab === 'notes' && <AppNotes notes={host.notes} {...(host.modelContext !== undefined ? { modelContext: host.modelContext } : {})} />}
          {tab === 'log' && <BridgeLogView entries={host.log} onClear={host.clearLog} />}
          {tab === 'csp' && <CspReport violations={host.violations} />}
        </>
      )}
    </section>
  );
}

function parseArgs(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
