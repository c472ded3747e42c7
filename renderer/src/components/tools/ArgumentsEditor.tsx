/**
 * A tool's arguments: the form generated from its input schema, or the raw JSON editor.
 * Both edit the same JSON text, so they always agree: the form writes the text, the
 * editor's text (once it parses) drives the form. Below both: what does not match the
 * schema, checked as you type.
 */
import { lazy, Suspense, useMemo, useRef } from 'react';
import type { ToolInfo } from '../../../../shared/domain';
import { formatIssues, validateAgainstSchema } from '../../../../shared/json-schema';
import { parseArguments } from '../../state/calls-slice';
import { useWorkbench } from '../../state/store';
import { issuesByPath, SchemaForm } from './schema-form/SchemaForm';

const JsonEditor = lazy(() => import('./json-editor/JsonEditor'));

export const ARGS_LABEL = 'Arguments (JSON)';

export function ArgumentsEditor({ tool, argsText, onRun }: { tool: ToolInfo; argsText: string; onRun(): void }) {
  const mode = useWorkbench((s) => s.argsMode);
  const setMode = useWorkbench((s) => s.setArgsMode);
  const setArgsText = useWorkbench((s) => s.setArgsText);
  const parsed = useMemo(() => parseArguments(argsText), [argsText]);
  const check = useMemo(() => (parsed.ok ? validateAgainstSchema(tool.inputSchema, parsed.value) : undefined), [parsed, tool.inputSchema]);
  const issues = useMemo(() => (check && !check.valid ? issuesByPath(check.issues) : undefined), [check]);
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
        <>
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
            {...(issues ? { issues } : {})}
          />
        </>
      ) : (
        <Suspense
          fallback={
            <textarea
              aria-label={ARGS_LABEL}
              className="args"
              rows={8}
              spellCheck={false}
              value={argsText}
              onChange={(event) => setArgsText(tool.fullName, event.target.value)}
              onFocus={() => (typingInFallback.current = true)}
              onBlur={() => (typingInFallback.current = false)}
            />
          }
        >
          <JsonEditor
            value={argsText}
            onChange={(text) => setArgsText(tool.fullName, text)}
            schema={tool.inputSchema}
            label={ARGS_LABEL}
            onRun={onRun}
            autoFocus={typingInFallback.current}
          />
        </Suspense>
      )}
      {check && !check.valid && (
        <div className="schema-issues" aria-label="Problems with the arguments">
          <strong>Does not match the input schema:</strong>
          <ul>
            {formatIssues(check.issues).map((issue) => (
              <li key={issue}>{issue}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
