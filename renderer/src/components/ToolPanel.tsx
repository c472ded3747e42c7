/** The right column: the selected tool, its arguments as JSON, Run, and the result. */
import { DEFAULT_ARGS_TEXT } from '../state/calls-slice';
import { useWorkbench } from '../state/store';
import { ResultView } from './ResultView';

export function ToolPanel() {
  const tool = useWorkbench((s) =>
    s.selectedTool ? s.toolsByServer[s.selectedTool.server]?.tools.find((t) => t.name === s.selectedTool?.name) : undefined,
  );
  const call = useWorkbench((s) => (tool ? s.calls[tool.fullName] : undefined));
  const setArgsText = useWorkbench((s) => s.setArgsText);
  const runTool = useWorkbench((s) => s.runTool);

  if (!tool) {
    return (
      <section className="panel tool-panel" aria-label="Tool">
        <p className="empty">Select a tool to run it.</p>
      </section>
    );
  }

  const run = () => void runTool(tool.server, tool.name, tool.fullName);
  const progress = call?.progress;

  return (
    <section className="panel tool-panel" aria-label="Tool">
      <div className="panel-header">
        <h2>{tool.annotations?.title ?? tool.title ?? tool.name}</h2>
      </div>
      <code className="full-name">{tool.fullName}</code>
      {tool.description && <p className="description">{tool.description}</p>}
      <details>
        <summary>Input schema</summary>
        <pre className="json">{JSON.stringify(tool.inputSchema, null, 2)}</pre>
      </details>
      <label htmlFor="tool-args">Arguments (JSON)</label>
      <textarea
        id="tool-args"
        className="args"
        rows={8}
        spellCheck={false}
        value={call?.argsText ?? DEFAULT_ARGS_TEXT}
        onChange={(event) => setArgsText(tool.fullName, event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) run();
        }}
      />
      <div className="run-row">
        <button type="button" className="primary" onClick={run} disabled={call?.running} aria-keyshortcuts="Control+Enter">
          {call?.running ? 'Running…' : 'Run'}
        </button>
        {call?.running && progress && (
          <progress value={progress.progress} max={progress.total ?? undefined} aria-label="Progress">
            {progress.message}
          </progress>
        )}
        {call?.running && progress?.message && <span className="muted">{progress.message}</span>}
      </div>
      {call?.error && (
        <div role="alert" className="request-error">
          <strong>Request failed</strong>
          <p>{call.error}</p>
        </div>
      )}
      {call?.result && <ResultView result={call.result} />}
    </section>
  );
}
