/**
 * One step of a collection as a card: what it does (call a tool, read a resource, get a
 * prompt), its id (later steps use its result as `${steps.<id>…}`), its arguments in the app's JSON
 * editor (with completion from the tool's input schema when the server is connected),
 * and its assertions. Fields the form does not edit are named, and kept as written.
 */
import { lazy, Suspense } from 'react';
import { useWorkbench } from '../../state/store';
import { AssertionEditor } from './AssertionEditor';
import { newAssertion, type StepDraft, type StepKind } from './edit-model';

const JsonEditor = lazy(() => import('../tools/json-editor/JsonEditor'));

const KIND_TEXT: Record<StepKind, string> = { tool: 'Call a tool', resource: 'Read a resource', prompt: 'Get a prompt', eval: 'Evaluate a model' };
const TARGET_TEXT: Record<StepKind, string> = { tool: 'Tool', resource: 'Resource URI', prompt: 'Prompt', eval: 'Model(s)' };
/** An eval step is written in the file (its prompt, models, expectations): the form shows it and keeps it as written. */
const FORM_KINDS = (['tool', 'resource', 'prompt'] as const).map((kind) => [kind, KIND_TEXT[kind]] as const);

interface Props {
  server: string;
  step: StepDraft;
  index: number;
  count: number;
  onChange(next: StepDraft): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}

export function StepEditor({ server, step, index, count, onChange, onMove, onRemove }: Props) {
  const number = index + 1;
  const tools = useWorkbench((s) => s.toolsByServer[server]?.tools);
  const prompts = useWorkbench((s) => s.promptsByServer[server]?.prompts);
  const tool = step.kind === 'tool' ? tools?.find((candidate) => candidate.name === step.target) : undefined;
  const suggestions = step.kind === 'tool' ? (tools ?? []).map((t) => t.name) : step.kind === 'prompt' ? (prompts ?? []).map((p) => p.name) : [];
  const listId = `step-${step.key}-targets`;
  const kept = Object.keys(step.rest);
  const argsLabel = `Arguments of step ${number} (JSON)`;

  return (
    <li className="step-card" aria-label={`Step ${number}`} data-step={number}>
      <div className="step-head">
        <h4>
          Step {number}
          {step.target ? <span className="muted"> · {step.target}</span> : null}
        </h4>
        <button type="button" onClick={() => onMove(-1)} disabled={index === 0} aria-label={`Move step ${number} up`}>
          Up
        </button>
        <button type="button" onClick={() => onMove(1)} disabled={index === count - 1} aria-label={`Move step ${number} down`}>
          Down
        </button>
        <button type="button" onClick={onRemove} aria-label={`Remove step ${number}`}>
          Remove
        </button>
      </div>
      <div className="step-fields">
        <label className="field">
          Step
          <select aria-label={`Kind of step ${number}`} value={step.kind} disabled={step.kind === 'eval'} onChange={(event) => onChange({ ...step, kind: event.target.value as StepKind })}>
            {(step.kind === 'eval' ? [['eval', KIND_TEXT.eval] as const] : FORM_KINDS).map(([kind, text]) => (
              <option key={kind} value={kind}>
                {text}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          {TARGET_TEXT[step.kind]}
          <input
            aria-label={`${TARGET_TEXT[step.kind]} of step ${number}`}
            list={suggestions.length > 0 ? listId : undefined}
            spellCheck={false}
            readOnly={step.kind === 'eval'}
            value={step.target}
            onChange={(event) => onChange({ ...step, target: event.target.value })}
          />
          {suggestions.length > 0 && (
            <datalist id={listId}>
              {suggestions.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          )}
        </label>
        <label className="field">
          Id
          <input aria-label={`Id of step ${number}`} spellCheck={false} placeholder="e.g. create" value={step.id} onChange={(event) => onChange({ ...step, id: event.target.value })} />
        </label>
      </div>
      <label className="field">
        Name (optional, shown in reports)
        <input aria-label={`Name of step ${number}`} value={step.name} onChange={(event) => onChange({ ...step, name: event.target.value })} />
      </label>
      {step.kind !== 'resource' && step.kind !== 'eval' && (
        <div className="field">
          <span>Arguments (JSON)</span>
          <Suspense
            fallback={<textarea aria-label={argsLabel} className="step-args" rows={3} spellCheck={false} value={step.argsText} onChange={(event) => onChange({ ...step, argsText: event.target.value })} />}
          >
            <JsonEditor label={argsLabel} value={step.argsText} onChange={(text) => onChange({ ...step, argsText: text })} {...(tool ? { schema: tool.inputSchema } : {})} />
          </Suspense>
        </div>
      )}
      {step.kind !== 'eval' && (
        <div>
          <span className="muted">Assertions</span>
          {step.assertions.length === 0 && <p className="muted">None: the step only has to run.</p>}
          <ul className="assertion-list" aria-label={`Assertions of step ${number}`}>
            {step.assertions.map((assertion, at) => (
              <AssertionEditor
                key={assertion.key}
                assertion={assertion}
                label={`step ${number}, assertion ${at + 1}`}
                onChange={(next) => onChange({ ...step, assertions: step.assertions.map((a) => (a.key === assertion.key ? next : a)) })}
                onRemove={() => onChange({ ...step, assertions: step.assertions.filter((a) => a.key !== assertion.key) })}
              />
            ))}
          </ul>
          <button type="button" onClick={() => onChange({ ...step, assertions: [...step.assertions, newAssertion('path')] })} aria-label={`Add assertion to step ${number}`}>
            Add assertion
          </button>
        </div>
      )}
      {kept.length > 0 && (
        <p className="muted">
          Also in the file: {kept.join(', ')} (kept as written; change {kept.length === 1 ? 'it' : 'them'} in the YAML file).
        </p>
      )}
    </li>
  );
}
