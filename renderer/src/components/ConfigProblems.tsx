/**
 * Problems with config files: a file that does not parse (with its line and column),
 * and entries that are not valid servers. The other scopes keep working meanwhile, and
 * the banner goes away by itself once the file is fixed (files are watched).
 */
import { SCOPE_LABELS } from '../../../shared/config/scopes';
import { useWorkbench } from '../state/store';
import './ConfigProblems.css';

export function ConfigProblems() {
  const status = useWorkbench((s) => s.configStatus);
  const error = useWorkbench((s) => s.configError);
  const files = status?.files.filter((f) => f.problem || f.entryProblems.length > 0) ?? [];
  if (files.length === 0 && !error && !status?.shellProblem) return null;
  return (
    <section className="config-problems" aria-label="Config problems">
      {error && <p role="alert">Could not read the config state: {error}</p>}
      {files.map((file) => (
        <div key={file.path} role="alert" className="config-problem" data-scope={file.scope}>
          {file.problem && (
            <p>
              <strong>{SCOPE_LABELS[file.scope]} config does not parse:</strong> <code>{file.path}</code>: {file.problem.message}. Nothing is written to it
              until it is fixed; the other scopes keep working.
            </p>
          )}
          {file.entryProblems.map((problem) => (
            <p key={problem.name}>
              <strong>Skipped an invalid entry</strong> in <code>{file.path}</code>
              {problem.line ? ` (line ${problem.line}, column ${problem.column})` : ''}: {problem.message}
            </p>
          ))}
        </div>
      ))}
      {status?.shellProblem && <p className="muted">Login shell environment: {status.shellProblem}</p>}
    </section>
  );
}
