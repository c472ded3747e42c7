/**
 * A form generated from a JSON Schema: nested objects, arrays (add, remove, reorder),
 * enums, const, oneOf/anyOf (pick an option), nullable (a "null" switch), defaults,
 * required marks and input types by format.
 *
 * Our own rather than @rjsf/core: rjsf validates with ajv, which compiles schemas with
 * `new Function` and so cannot run under our CSP without 'unsafe-eval'; its oneOf/anyOf
 * and nullable (`type: ["string", "null"]`) handling is weak (no null switch, options
 * that lose entered values); and it would add ~300 KB plus lodash to the first screen.
 * Validation here is shared/json-schema.ts (@cfworker/json-schema, no eval), the same
 * function the core uses.
 */
import { useId, useState } from 'react';
import { useFieldState, useItemIds } from './field-state';
import {
  choicesOf,
  emptyValue,
  getIn,
  isNullable,
  kindOf,
  optionSchema,
  pathLabel,
  pickVariant,
  propertiesOf,
  requiredOf,
  resolve,
  setIn,
  variantLabel,
  variantsOf,
  withoutNull,
  type Choice,
  type Path,
  type Schema,
} from './schema-model';
import './schema-form.css';

export interface SchemaFormProps {
  schema: Schema;
  value: unknown;
  onChange(value: unknown): void;
  /** Validation messages by path label (`address.city`, `tags[0]`), shown beside their field. */
  issues?: ReadonlyMap<string, string[]>;
  /** Disables every input (e.g. while the JSON text does not parse). */
  disabled?: boolean;
  /** A field was changed or left (its path label), so its problems may show. */
  onTouch?(path: string): void;
}

interface FieldContext {
  root: Schema;
  value: unknown;
  set(path: Path, next: unknown): void;
  issues?: ReadonlyMap<string, string[]>;
  idPrefix: string;
  disabled: boolean;
  /** Counts the times the value was replaced from outside: fields then drop their own state. */
  revision: number;
}

export function SchemaForm({ schema, value, onChange, issues, disabled = false, onTouch }: SchemaFormProps) {
  const idPrefix = useId();
  // A value that is not the one the form last wrote came from outside (a history entry, the
  // JSON editor): what the fields kept (an option picked, item ids) then starts again from it.
  const text = JSON.stringify(value);
  const [written, setWritten] = useState(text);
  const [revision, setRevision] = useState(0);
  if (text !== written) {
    setWritten(text);
    setRevision(revision + 1);
  }
  const set = (path: Path, next: unknown) => {
    onTouch?.(pathLabel(path));
    const nextValue = setIn(value, path, next);
    setWritten(JSON.stringify(nextValue));
    onChange(nextValue);
  };
  const ctx: FieldContext = { root: schema, value, set, ...(issues ? { issues } : {}), idPrefix, disabled, revision };
  const resolved = resolve(schema, schema);
  if (propertiesOf(resolved).length === 0 && !isFreeForm(resolved)) return <p className="muted">No arguments.</p>;
  return (
    <div
      className="schema-form"
      onBlur={(event) => {
        // Leaving a field counts as touching it, even without a change (a required field skipped).
        const field = (event.target as HTMLElement).closest<HTMLElement>('[data-path]');
        if (field?.dataset.path !== undefined) onTouch?.(field.dataset.path);
      }}
    >
      <ObjectFields schema={resolved} path={[]} ctx={ctx} />
    </div>
  );
}

/** An object schema that allows properties it does not list. */
function isFreeForm(schema: Schema): boolean {
  return schema.additionalProperties !== undefined && schema.additionalProperties !== false;
}

function ObjectFields({ schema, path, ctx }: { schema: Schema; path: Path; ctx: FieldContext }) {
  const required = requiredOf(schema);
  const properties = propertiesOf(schema);
  const object = getIn(ctx.value, path);
  const known = new Set(properties.map(([key]) => key));
  const extra = object && typeof object === 'object' && !Array.isArray(object) ? Object.keys(object).filter((key) => !known.has(key)) : [];
  return (
    <>
      {properties.map(([key, prop]) => (
        <Field key={key} schema={prop} path={[...path, key]} name={key} required={required.includes(key)} ctx={ctx} />
      ))}
      {properties.length === 0 && <RawJsonField path={path} label="Properties (JSON object)" ctx={ctx} />}
      {extra.length > 0 && properties.length > 0 && (
        <p className="muted field-help">Also set in the JSON (not in the schema): {extra.join(', ')}</p>
      )}
    </>
  );
}

interface FieldProps {
  schema: Schema;
  path: Path;
  name: string;
  required: boolean;
  ctx: FieldContext;
}

function Field({ schema: raw, path, name, required, ctx }: FieldProps) {
  const schema = resolve(raw, ctx.root);
  const value = getIn(ctx.value, path);
  const id = `${ctx.idPrefix}-${path.join('-')}`;
  const label = typeof schema.title === 'string' && schema.title ? schema.title : name;
  const description = typeof schema.description === 'string' ? schema.description : undefined;
  const messages = ctx.issues?.get(pathLabel(path));
  const nullable = isNullable(schema, ctx.root);
  const inner = nullable ? withoutNull(schema, ctx.root) : schema;
  const isNull = value === null;

  const header = (
    <div className="field-label-row">
      <label htmlFor={id} className="field-label">
        {label}
        {required && (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
        {required && <span className="visually-hidden"> (required)</span>}
      </label>
      {nullable && (
        <label className="null-switch">
          <input
            type="checkbox"
            checked={isNull}
            disabled={ctx.disabled}
            onChange={(event) => ctx.set(path, event.target.checked ? null : emptyValue(inner, ctx.root))}
          />{' '}
          null
        </label>
      )}
      {!required && value !== undefined && (
        <button type="button" className="link-button" disabled={ctx.disabled} onClick={() => ctx.set(path, undefined)} aria-label={`Leave out ${label}`} title="Leave this property out">
          Leave out
        </button>
      )}
    </div>
  );

  return (
    <div className={`schema-field${messages ? ' has-issue' : ''}`} data-path={pathLabel(path)}>
      {header}
      {description && (
        <p className="muted field-help" id={`${id}-help`}>
          {description}
        </p>
      )}
      {isNull ? <p className="muted null-value">null</p> : <FieldInput schema={inner} path={path} id={id} label={label} required={required} ctx={ctx} describedBy={description ? `${id}-help` : undefined} />}
      {messages?.map((message) => (
        <p key={message} className="field-error" role="alert">
          {message}
        </p>
      ))}
    </div>
  );
}

interface InputProps {
  schema: Schema;
  path: Path;
  id: string;
  label: string;
  required: boolean;
  ctx: FieldContext;
  describedBy?: string | undefined;
}

function FieldInput(props: InputProps) {
  const { schema, ctx } = props;
  const choices = choicesOf(schema, ctx.root);
  if (choices && schema.const === undefined) return <ChoiceInput {...props} choices={choices} />;
  const variants = variantsOf(schema, ctx.root);
  if (variants) return <VariantInput {...props} variants={variants.options} kind={variants.key} />;
  const kind = kindOf(schema, ctx.root);
  switch (kind) {
    case 'object':
      return <ObjectInput {...props} />;
    case 'array':
      return <ArrayInput {...props} />;
    case 'enum':
      return <ChoiceInput {...props} choices={choicesOf(schema, ctx.root) ?? []} />;
    case 'const':
      return <ConstInput {...props} />;
    case 'boolean':
      return <BooleanInput {...props} />;
    case 'number':
    case 'integer':
      return <NumberInput {...props} integer={kind === 'integer'} />;
    case 'string':
      return <StringInput {...props} />;
    case 'null':
      return <p className="muted">null</p>;
    default:
      return <RawJsonField path={props.path} label={props.label} id={props.id} ctx={ctx} />;
  }
}

function VariantInput({ schema, path, id, label, ctx, variants, kind }: InputProps & { variants: Schema[]; kind: 'oneOf' | 'anyOf' }) {
  const value = getIn(ctx.value, path);
  const matched = pickVariant(variants, value, ctx.root);
  // The user's pick wins while they edit under it; a value from outside is matched afresh.
  const [chosen, setChosen] = useFieldState<number>(ctx.revision);
  const index = chosen ?? matched;
  const option = optionSchema(schema, variants[index] ?? {});
  return (
    <div className="variant">
      <select
        id={id}
        aria-label={`${label}: which option (${kind})`}
        value={index}
        disabled={ctx.disabled}
        onChange={(event) => {
          const next = Number(event.target.value);
          setChosen(next);
          ctx.set(path, emptyValue(optionSchema(schema, variants[next] ?? {}), ctx.root));
        }}
      >
        {variants.map((variant, i) => (
          <option key={i} value={i}>
            {variantLabel(variant, i)}
          </option>
        ))}
      </select>
      {value !== undefined && (
        <div className="variant-body">
          <FieldInput schema={{ ...option, title: undefined, description: undefined }} path={path} id={`${id}-v`} label={label} required ctx={ctx} />
        </div>
      )}
      {value === undefined && (
        <button type="button" disabled={ctx.disabled} onClick={() => ctx.set(path, emptyValue(option, ctx.root))}>
          Set {label}
        </button>
      )}
    </div>
  );
}

function ObjectInput({ schema, path, label, ctx, required }: InputProps) {
  const value = getIn(ctx.value, path);
  if (value === undefined) {
    return (
      <button type="button" disabled={ctx.disabled} onClick={() => ctx.set(path, emptyValue(schema, ctx.root))}>
        Add {label}
      </button>
    );
  }
  if (propertiesOf(schema).length === 0) return <RawJsonField path={path} label={label} ctx={ctx} />;
  return (
    <fieldset className="object-fields" aria-label={label} data-required={required || undefined}>
      <ObjectFields schema={schema} path={path} ctx={ctx} />
    </fieldset>
  );
}

function ArrayInput({ schema, path, label, ctx }: InputProps) {
  const value = getIn(ctx.value, path);
  const items = Array.isArray(value) ? value : undefined;
  // Keys that follow the items (not their index), so what a field keeps moves with its item.
  const itemIds = useItemIds(items?.length ?? 0, ctx.revision);
  const itemSchema = resolve(schema.items, ctx.root);
  if (Array.isArray(schema.prefixItems) || Array.isArray(schema.items)) return <RawJsonField path={path} label={label} ctx={ctx} />;
  // Items from a fixed list (a multi-select): one checkbox per choice.
  const itemChoices = schema.items !== undefined ? choicesOf(itemSchema, ctx.root) : undefined;
  if (itemChoices) return <MultiChoiceInput schema={schema} path={path} label={label} ctx={ctx} choices={itemChoices} />;
  if (!items) {
    return (
      <button type="button" disabled={ctx.disabled} onClick={() => ctx.set(path, [])}>
        Add {label}
      </button>
    );
  }
  const move = (from: number, to: number) => {
    itemIds.move(from, to);
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    ctx.set(path, next);
  };
  return (
    <div className="array-field" role="group" aria-label={label}>
      {items.length === 0 && <p className="muted">No items.</p>}
      <ol className="array-items">
        {items.map((_item, index) => (
          <li key={itemIds.ids[index]} className="array-item">
            <div className="array-item-body">
              <Field schema={itemSchema} path={[...path, index]} name={`${label} ${index + 1}`} required ctx={ctx} />
            </div>
            <div className="array-item-actions">
              <button type="button" disabled={ctx.disabled || index === 0} onClick={() => move(index, index - 1)} aria-label={`Move ${label} ${index + 1} up`}>
                ↑
              </button>
              <button type="button" disabled={ctx.disabled || index === items.length - 1} onClick={() => move(index, index + 1)} aria-label={`Move ${label} ${index + 1} down`}>
                ↓
              </button>
              <button type="button" disabled={ctx.disabled} onClick={() => {
                  itemIds.remove(index);
                  ctx.set(path, items.filter((_, i) => i !== index));
                }} aria-label={`Remove ${label} ${index + 1}`}>
                Remove
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button
        type="button"
        disabled={ctx.disabled}
        onClick={() => {
          itemIds.add();
          ctx.set(path, [...items, emptyValue(itemSchema, ctx.root)]);
        }}
      >
        Add item to {label}
      </button>
    </div>
  );
}

function ChoiceInput({ path, id, required, ctx, describedBy, choices }: InputProps & { choices: Choice[] }) {
  const value = getIn(ctx.value, path);
  const index = choices.findIndex((choice) => JSON.stringify(choice.value) === JSON.stringify(value));
  return (
    <select
      id={id}
      value={index === -1 ? '' : String(index)}
      disabled={ctx.disabled}
      aria-describedby={describedBy}
      onChange={(event) => ctx.set(path, event.target.value === '' ? undefined : choices[Number(event.target.value)]?.value)}
    >
      {(!required || index === -1) && <option value="">{required ? 'Choose…' : '(not set)'}</option>}
      {choices.map((choice, i) => (
        <option key={i} value={String(i)}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}

/** An array of values from a fixed list: checkboxes, at most maxItems ticked (minItems is said, and checked). */
function MultiChoiceInput({ schema, path, label, ctx, choices }: { schema: Schema; path: Path; label: string; ctx: FieldContext; choices: Choice[] }) {
  const value = getIn(ctx.value, path);
  const picked = Array.isArray(value) ? value : [];
  const isPicked = (choice: Choice) => picked.some((item) => JSON.stringify(item) === JSON.stringify(choice.value));
  const min = typeof schema.minItems === 'number' ? schema.minItems : undefined;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
  const full = max !== undefined && picked.length >= max;
  const hint = min !== undefined && max !== undefined ? (min === max ? `Choose ${min}.` : `Choose ${min} to ${max}.`) : min !== undefined ? `Choose at least ${min}.` : max !== undefined ? `Choose at most ${max}.` : undefined;
  const toggle = (choice: Choice, on: boolean) => {
    // Kept in the order of the list, whatever order they were ticked in.
    const next = choices.filter((c) => (c === choice ? on : isPicked(c))).map((c) => c.value);
    ctx.set(path, next);
  };
  return (
    <fieldset className="multi-choice" aria-label={label}>
      {hint && <p className="muted field-help">{hint}</p>}
      {choices.map((choice, i) => {
        const on = isPicked(choice);
        return (
          <label key={i} className="multi-choice-option">
            <input type="checkbox" checked={on} disabled={ctx.disabled || (!on && full)} onChange={(event) => toggle(choice, event.target.checked)} /> {choice.label}
          </label>
        );
      })}
    </fieldset>
  );
}

function ConstInput({ schema, path, id, ctx }: InputProps) {
  const value = getIn(ctx.value, path);
  const fixed = JSON.stringify(schema.const);
  return (
    <div className="const-field">
      <code id={id}>{fixed}</code>
      {JSON.stringify(value) !== fixed && (
        <button type="button" disabled={ctx.disabled} onClick={() => ctx.set(path, schema.const)}>
          Set to {fixed}
        </button>
      )}
    </div>
  );
}

function BooleanInput({ path, id, ctx, describedBy, required }: InputProps) {
  const value = getIn(ctx.value, path);
  return (
    <span className="boolean-field">
      <input id={id} type="checkbox" checked={value === true} disabled={ctx.disabled} aria-describedby={describedBy} onChange={(event) => ctx.set(path, event.target.checked)} />
      {value === undefined && !required && <span className="muted"> (not set)</span>}
    </span>
  );
}

function NumberInput({ schema, path, id, ctx, describedBy, integer }: InputProps & { integer: boolean }) {
  const value = getIn(ctx.value, path);
  // What the user typed, kept while it reads differently from the number it is ("1.", "1e3").
  const [draft, setDraft] = useFieldState<string>(ctx.revision);
  // Text that is not a number stays in the arguments as that text: the schema check names it, and
  // "send anyway" sends exactly what was typed.
  const shown = draft ?? (typeof value === 'number' ? String(value) : typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value));
  return (
    <input
      id={id}
      type="text"
      inputMode={integer ? 'numeric' : 'decimal'}
      value={shown}
      disabled={ctx.disabled}
      aria-describedby={describedBy}
      placeholder={[typeof schema.minimum === 'number' ? `≥ ${schema.minimum}` : '', typeof schema.maximum === 'number' ? `≤ ${schema.maximum}` : ''].filter(Boolean).join(', ') || (integer ? 'whole number' : 'number')}
      onChange={(event) => {
        const text = event.target.value;
        if (text.trim() === '') {
          setDraft(undefined);
          ctx.set(path, undefined);
          return;
        }
        const number = Number(text);
        if (Number.isFinite(number) && /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text.trim())) {
          setDraft(text !== String(number) ? text : undefined);
          ctx.set(path, number);
        } else {
          setDraft(undefined);
          ctx.set(path, text);
        }
      }}
      onBlur={() => setDraft(undefined)}
      aria-invalid={typeof value === 'string' || undefined}
    />
  );
}

const FORMAT_INPUTS: Record<string, { type: string; placeholder?: string }> = {
  date: { type: 'date' },
  'date-time': { type: 'text', placeholder: '2025-01-31T12:00:00Z' },
  time: { type: 'text', placeholder: '12:00:00Z' },
  email: { type: 'email', placeholder: 'name@example.com' },
  uri: { type: 'url', placeholder: 'https://…' },
  url: { type: 'url', placeholder: 'https://…' },
  'uri-reference': { type: 'text', placeholder: '/path or https://…' },
  uuid: { type: 'text', placeholder: '00000000-0000-0000-0000-000000000000' },
};

function StringInput({ schema, path, id, required, ctx, describedBy }: InputProps) {
  const value = getIn(ctx.value, path);
  const format = typeof schema.format === 'string' ? FORMAT_INPUTS[schema.format] : undefined;
  const text = typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
  const set = (next: string) => ctx.set(path, next === '' && !required ? undefined : next);
  if (!format) {
    // Text may span lines (file contents, notes): Enter is a new line, Ctrl/⌘+Enter runs the tool.
    // The box grows with its text (field-sizing); rows is the start for engines without it.
    return (
      <textarea
        id={id}
        className="grow-text"
        rows={Math.min(12, text.split('\n').length)}
        value={text}
        disabled={ctx.disabled}
        aria-describedby={describedBy}
        placeholder={typeof schema.format === 'string' ? schema.format : undefined}
        onChange={(event) => set(event.target.value)}
      />
    );
  }
  return (
    <input
      id={id}
      type={format.type}
      value={text}
      disabled={ctx.disabled}
      aria-describedby={describedBy}
      placeholder={format.placeholder ?? (typeof schema.format === 'string' ? schema.format : undefined)}
      onChange={(event) => set(event.target.value)}
    />
  );
}

/** For schemas the form cannot break down (free-form values, tuples): the value as JSON. */
function RawJsonField({ path, label, id, ctx }: { path: Path; label: string; id?: string; ctx: FieldContext }) {
  const value = getIn(ctx.value, path);
  const [draft, setDraft] = useFieldState<string>(ctx.revision);
  const [error, setError] = useFieldState<string>(ctx.revision);
  const text = draft ?? (value === undefined ? '' : JSON.stringify(value, null, 2));
  return (
    <div className="raw-json-field">
      <textarea
        id={id}
        aria-label={id ? undefined : `${label} (JSON)`}
        className="mono"
        rows={Math.min(8, Math.max(2, text.split('\n').length))}
        value={text}
        disabled={ctx.disabled}
        spellCheck={false}
        aria-invalid={!!error}
        onChange={(event) => {
          const next = event.target.value;
          setDraft(next);
          if (next.trim() === '') {
            setError(undefined);
            ctx.set(path, undefined);
            return;
          }
          try {
            ctx.set(path, JSON.parse(next));
            setError(undefined);
          } catch (parseError) {
            setError(`Not JSON yet: ${(parseError as Error).message}`);
          }
        }}
        onBlur={() => !error && setDraft(undefined)}
      />
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}

export function issuesByPath(issues: ReadonlyArray<{ path: string; message: string }>): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const issue of issues) map.set(issue.path, [...(map.get(issue.path) ?? []), issue.message]);
  return map;
}

