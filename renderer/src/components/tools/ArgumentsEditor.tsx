/**
 * A tool's arguments: the form generated from its input schema, or the raw JSON editor.
 * Both edit the same JSON text, so they always agree: the form writes the text, the
 * editor's text (once it parses) drives the form. Below both: what does not match the
 * schema, checked as you type, but in a pristine form only for the fields touched until
 * Run is pressed (or the JSON is edited), so a new form does not open in red.
 */
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { SchemaIssue } from '../../../../shared/json-schema';
import type { ToolInfo } from '../../../../shared/domain';
import { formatIssues, validateAgainstSchema } from '../../../../shared/json-schema';
import { parseArguments } from '../../state/calls-slice';
import { useWorkbench } from '../../state/store';
import { issuesByPath, SchemaForm } from './schema-form/SchemaForm';
import './tool-panel.css';

const JsonEditor = lazy(() => import('./json-editor/JsonEditor'));

const ARGS_LABEL = 'Arguments (JSON)';

export function ArgumentsEditor({ tool, argsText, onRun }: { tool: ToolInfo; argsText: string; onRun(): void }) {
  const mode = useWorkbench((s) => s.argsMode);
  const setMode = useWorkbench((s) => s.setArgsMode);
  const setArgsText = useWorkbench((s) => s.setArgsText);
  const parsed = useMemo(() => parseArguments(argsText), [argsText]);
  const check = useMemo(() => (parsed.ok ? validateAgainstSchema(tool.inputSchema, parsed.value) : undefined), [parsed, tool.inputSchema]);
  const attempted = useWorkbench((s) => s.calls[tool.fullName]?.attempted === true);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [jsonEdited, setJsonEdited] = useState(false);
  const touch = useCallback((path: string) => setTouched((current) => (current.has(path) ? current : new Set([...current, path]))), []);
  const shownIssues = useMemo(
    () => (check && !check.valid ? (attempted || jsonEdited ? check.issues : check.issues.filter((issue) => isTouched(issue, touched))) : []),
    [check, attempted, jsonEdited, touched],
  );
  const issues = useMemo(() => (shownIssues.length > 0 ? issuesByPath(shownIssues.map(atField)) : undefined), [shownIssues]);
  const editJson = (text: string) => {
    setJsonEdited(true);
    setArgsText(tool.fullName, text);
  };
  // Ctrl/⌘+Enter runs from any field of the form (Enter alone is a new line in text).
  const runOnModEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onRun();
    }
  };
  // Someone typing in the plain box while the editor loads keeps typing in the editor.
  const typingInFallback = useRef(false);

  return (
    <section className="arguments" aria-label="Arguments">
      <div className="args-tabs" role="group" aria-label="Edit arguments as">
        <button type="button" aria-pressed={mode === 'form'} onClick={() => setMode('form')}>
          Form
        </button>
        <button type="button" aria-pressed={mode === 'json'} onClick={() => setMode('json')}>
          JSON
        </button>
      </div>
      {mode === 'form' ? (
        <div className="form-mode" onKeyDown={runOnModEnter}>
          {!parsed.ok && (
            <p className="field-error" role="alert">
              The JSON does not parse, so the form cannot show it: {parsed.message.replace(/^Arguments are not valid JSON: /, '')}. Fix it in the JSON tab.
            </p>
          )}
          <SchemaForm
            schema={tool.inputSchema}
            value={parsed.ok ? parsed.value : {}}
            disabled={!parsed.ok}
            onChange={(value) => setArgsText(tool.fullName, JSON.stringify(value ?? {}, null, 2))}
            onTouch={touch}
            {...(issues ? { issues } : {})}
          />
        </div>
      ) : (
        <Suspense
          fallback={
            <textarea
              aria-label={ARGS_LABEL}
              className="args"
              rows={8}
              spellCheck={false}
              value={argsText}
              onChange={(event) => editJson(event.target.value)}
              onFocus={() => (typingInFallback.current = true)}
              onBlur={() => (typingInFallback.current = false)}
            />
          }
        >
          <JsonEditor
            value={argsText}
            onChange={editJson}
            schema={tool.inputSchema}
            label={ARGS_LABEL}
            onRun={onRun}
            autoFocus={typingInFallback.current}
          />
        </Suspense>
      )}
      {shownIssues.length > 0 && (
        <div className="schema-issues" aria-label="Problems with the arguments">
          <strong>Does not match the input schema:</strong>
          <ul>
            {formatIssues(shownIssues).map((issue) => (
              <li key={issue}>{issue}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** A missing required property is reported on its object; it belongs to the property's own field. */
function atField(issue: SchemaIssue): SchemaIssue {
  const missing = /^required property "([^"]+)" is missing/.exec(issue.message)?.[1];
  return missing === undefined ? issue : { ...issue, path: issue.path ? `${issue.path}.${missing}` : missing };
}

/** The issue is about a touched field, or something inside one. */
function isTouched(issue: SchemaIssue, touched: ReadonlySet<string>): boolean {
  const path = atField(issue).path;
  for (const field of touched) if (path === field || path.startsWith(`${field}.`) || path.startsWith(`${field}[`)) return true;
  return false;
}
