/**
 * The right column: the selected tool (name, full mcp__ name, badges, description), its
 * arguments (form or JSON), Run with progress, elapsed time, Cancel and a per-call
 * timeout, "send anyway" for arguments the schema rejects, saving the request, and the
 * result.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { mcpToolName } from '../../../shared/domain';
import { defaultArgsText, TASKS_NOTE, type ToolCallState } from '../state/calls-slice';
import { taskModeOf } from '../state/task-mode';
import { useWorkbench } from '../state/store';
import { ResultView } from './ResultView';
import { ArgumentsEditor } from './tools/ArgumentsEditor';
import { formatDuration } from './tools/format';
import { CopyButton, displayName, excludedNote, ToolBadges, ToolDescription, ToolIcon } from './tools/tool-display';
import './tools/tool-panel.css';
import { SafeName } from './names/SafeName';

// MCP Apps' host (ext-apps' bridge) loads only when a tool with an app is run.
const AppView = lazy(() => import('./apps/AppView').then((module) => ({ default: module.AppView })));

export function ToolPanel() {
  const liveTool = useWorkbench((s) =>
    s.selectedTool ? s.toolsByServer[s.selectedTool.server]?.tools.find((t) => t.name === s.selectedTool?.name) : undefined,
  );
  // A server that crashed or disconnected takes its tool list along; the last call's outcome stays.
  const lastRun = useWorkbench((s) => (s.selectedTool ? s.calls[mcpToolName(s.selectedTool.server, s.selectedTool.name)] : undefined));
  const tool = liveTool ?? lastRun?.tool;
  const gone = !liveTool && tool !== undefined;
  const call = useWorkbench((s) => (tool ? s.calls[tool.fullName] : undefined));
  const runTool = useWorkbench((s) => s.runTool);
  const setAnswerInputByHand = useWorkbench((s) => s.setAnswerInputByHand);
  const cancelTool = useWorkbench((s) => s.cancelTool);
  const setTimeoutText = useWorkbench((s) => s.setTimeoutText);
  const setRunAsTask = useWorkbench((s) => s.setRunAsTask);
  const serverView = useWorkbench((s) => (tool ? s.servers.find((view) => view.name === tool.server) : undefined));
  const outcome = useRef<HTMLDivElement>(null);
  const wasRunning = useRef(false);
  // When a run ends, its outcome comes into view (the form may be taller than the panel).
  useEffect(() => {
    if (wasRunning.current && !call?.running) outcome.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    wasRunning.current = call?.running === true;
  }, [call?.running]);
  useEffect(() => {
    if (call?.schemaIssues) outcome.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [call?.schemaIssues]);

  if (!tool) {
    return (
      <section className="panel tool-panel" aria-label="Tool">
        <p className="empty">Select a tool to run it.</p>
      </section>
    );
  }

  const taskMode = taskModeOf(tool, serverView);
  const tasksOnly = taskMode === 'unavailable';
  const excluded = tool.excludedReason;
  const blocked = tasksOnly || excluded !== undefined || gone;
  // A run already on its way (permissions loading, the call starting or running) ignores another press.
  const busy = call?.running === true || call?.starting === true;
  const run = () => {
    if (!blocked && !busy) void runTool(tool.server, tool.name, tool.fullName);
  };
  const argsText = call?.argsText ?? defaultArgsText(tool);

  return (
    <section className="panel tool-panel" aria-label="Tool">
      <div className="panel-header">
        <h2 className="tool-title">
          <ToolIcon tool={tool} size={20} />
          <SafeName text={displayName(tool)} />
          {displayName(tool) !== tool.name && (
            <code className="tool-real-name">
              <SafeName text={tool.name} />
            </code>
          )}
        </h2>
        <ToolBadges tool={tool} />
      </div>
      <div className="full-name-row">
        <code className="full-name">
          <SafeName text={tool.fullName} />
        </code>
        <CopyButton text={tool.fullName} label={`Copy ${tool.fullName}`} />
      </div>
      {tool.description && <ToolDescription description={tool.description} />}
      <details>
        <summary>Input schema</summary>
        <pre className="json">{JSON.stringify(tool.inputSchema, null, 2)}</pre>
      </details>
      {tool.outputSchema && (
        <details>
          <summary>Output schema</summary>
          <pre className="json">{JSON.stringify(tool.outputSchema, null, 2)}</pre>
        </details>
      )}
      {gone && (
        <p className="note" role="note">
          {tool.server} is not connected: below is the outcome of the last call. Connect it again to run {displayName(tool)}.
        </p>
      )}
      <ArgumentsEditor key={tool.fullName} tool={tool} argsText={argsText} onRun={run} />
      {tasksOnly && (
        <p className="note" id="tasks-note" role="note">
          {TASKS_NOTE} Run is off for it.
        </p>
      )}
      {excluded !== undefined && (
        <p className="note" id="excluded-note" role="note">
          {excludedNote(excluded)} Run is off for it.
        </p>
      )}
      <div className="run-row">
        <button
          type="button"
          className="primary"
          onClick={run}
          disabled={busy || blocked}
          aria-keyshortcuts="Control+Enter"
          {...(tasksOnly ? { 'aria-describedby': 'tasks-note' } : excluded !== undefined ? { 'aria-describedby': 'excluded-note' } : {})}
        >
          {call?.running ? 'Running…' : 'Run'}
        </button>
        {call?.running && (
          <button type="button" onClick={() => void cancelTool(tool.fullName)} disabled={call.cancelling}>
            {call.cancelling ? 'Cancelling…' : 'Cancel'}
          </button>
        )}
        {(taskMode === 'optional' || taskMode === 'required') && (
          <label className="task-toggle" title={taskMode === 'required' ? 'This tool always runs as a task (taskSupport: required).' : 'Ask the server to run the call as a task: it is followed in the Tasks tab.'}>
            <input
              type="checkbox"
              checked={taskMode === 'required' || call?.asTask === true}
              disabled={taskMode === 'required'}
              onChange={(event) => setRunAsTask(tool.fullName, event.target.checked)}
            />{' '}
            Run as task
          </label>
        )}
        <label className="timeout-field">
          Timeout (ms)
          <input
            type="text"
            inputMode="numeric"
            placeholder="default"
            value={call?.timeoutText ?? ''}
            onChange={(event) => setTimeoutText(tool.fullName, event.target.value.replace(/[^\d]/g, ''))}
            aria-describedby="timeout-help"
          />
        </label>
        <span id="timeout-help" className="visually-hidden">
          How long to wait for the answer; progress from the server restarts it. Empty: the server’s or the global setting.
        </span>
        <label className="by-hand-field" title="MCP 2026-07-28: when the tool answers input_required, write the inputResponses yourself">
          <input type="checkbox" checked={call?.answerInputByHand === true} onChange={(event) => setAnswerInputByHand(tool.fullName, event.target.checked)} /> Answer input requests by hand
        </label>
        <SaveRequest server={tool.server} tool={tool.name} argsText={argsText} />
      </div>
      <div ref={outcome} className="call-outcome">
        {call?.running && <RunProgress call={call} />}
        {call?.schemaIssues && (
          <div role="alert" className="request-error schema-blocked">
            <strong>The arguments do not match the input schema</strong>
            <ul>
              {call.schemaIssues.map((issue) => (
                <li key={issue}>{issue}</li>
              ))}
            </ul>
            <button type="button" onClick={() => void runTool(tool.server, tool.name, tool.fullName, { anyway: true })}>
              Send anyway
            </button>
            <span className="muted"> to see how the server handles them.</span>
          </div>
        )}
        {call?.cancelled && (
          <div role="status" className="call-cancelled">
            <strong>Cancelled</strong> <span className="muted">You cancelled the call; the server was told to stop.</span>
          </div>
        )}
        {call?.error && (
          <div role="alert" className="request-error">
            <strong>Request failed</strong>
            <p>{call.error}</p>
          </div>
        )}
        {call?.result && <ResultView result={call.result} />}
        {/* A tool with an MCP App shows it for each run, beside the result. */}
        {tool.ui?.resourceUri && call?.callId && (
          <Suspense fallback={<p className="muted">Loading the app…</p>}>
            <AppView key={call.callId} tool={tool} argsText={call.argsText} {...(call.result ? { result: call.result } : {})} {...(call.cancelled ? { cancelled: true } : {})} />
          </Suspense>
        )}
      </div>
    </section>
  );
}

/** Progress bar (determinate when the server gives a total), its message, and the elapsed time. */
function RunProgress({ call }: { call: ToolCallState }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 200);
    return () => clearInterval(timer);
  }, []);
  const progress = call.progress;
  const elapsed = call.startedAt ? Math.max(0, now - call.startedAt) : 0;
  return (
    <div className="run-progress" role="status" aria-label="Call progress">
      {progress?.total !== undefined ? (
        <progress value={progress.progress} max={progress.total} aria-label="Progress" />
      ) : (
        <progress aria-label="Progress" />
      )}
      <span className="progress-text">
        {progress ? `${progress.progress}${progress.total !== undefined ? ` / ${progress.total}` : ''}` : call.taskStatus ? '' : 'Waiting for the server…'}
        {progress?.message ? ` · ${progress.message}` : ''}
        {call.taskStatus ? `${progress ? ' · ' : ''}Task ${call.taskStatus}` : ''}
      </span>
      <span className="muted elapsed">{formatDuration(elapsed)} elapsed</span>
    </div>
  );
}

/** Saves the current arguments under a name and a group (see History). */
function SaveRequest({ server, tool, argsText }: { server: string; tool: string; argsText: string }) {
  const saveRequest = useWorkbench((s) => s.saveRequest);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [group, setGroup] = useState('');
  const [message, setMessage] = useState<string | undefined>();
  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)}>
        Save request…
      </button>
    );
  }
  const save = async () => {
    let args: unknown;
    try {
      args = JSON.parse(argsText);
    } catch {
      setMessage('The arguments are not valid JSON; fix them first.');
      return;
    }
    try {
      await saveRequest({ name, group, server, tool, arguments: args as Record<string, unknown> });
      setOpen(false);
      setMessage(undefined);
    } catch (error) {
      setMessage((error as Error).message);
    }
  };
  return (
    <form
      className="save-request"
      aria-label="Save request"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <input aria-label="Request name" placeholder="Name" value={name} onChange={(event) => setName(event.target.value)} required />
      <input aria-label="Group" placeholder="Group (optional)" value={group} onChange={(event) => setGroup(event.target.value)} />
      <button type="submit" disabled={name.trim() === ''}>
        Save
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        Cancel
      </button>
      {message && (
        <span role="alert" className="error-text">
          {message}
        </span>
      )}
    </form>
  );
}
