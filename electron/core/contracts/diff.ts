/**
 * What changed between two contract snapshots, each change classed by what it does to
 * clients written against the older one:
 * - breaking: such a client can now fail (something it uses is gone, a call it makes is
 *   now refused, an answer it reads no longer has what it relied on);
 * - additive: something new that old clients can ignore;
 * - changed: wording and hints (descriptions, titles, annotations, versions) that change
 *   no call but may change what a model does.
 * Each change has a JSON pointer into one of the two snapshots (`in`): the older one for
 * what was removed, the newer one for the rest.
 */
import type { ChangeKind, ContractChange } from '../../../shared/contracts';
import type { ContractSnapshot, FailingList, PromptContract, SkillContract, ToolContract } from './snapshot';

export { CHANGE_KINDS,  type ContractChange } from '../../../shared/contracts';

type Json = Record<string, unknown>;

function escapeToken(token: string | number): string {
  return String(token).replaceAll('~', '~0').replaceAll('/', '~1');
}
const join = (base: string, ...tokens: (string | number)[]) => base + tokens.map((t) => `/${escapeToken(t)}`).join('');
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const isObject = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);

export function diffSnapshots(before: ContractSnapshot, after: ContractSnapshot): ContractChange[] {
  const changes: ContractChange[] = [];
  // Pointers are built with a `before:` prefix while they point into the older snapshot.
  const add = (kind: ChangeKind, pointer: string, message: string) => {
    const older = pointer.startsWith(BEFORE);
    changes.push({ kind, in: older ? 'before' : 'after', pointer: older ? pointer.slice(BEFORE.length) : pointer, message });
  };

  for (const field of ['name', 'version', 'title'] as const) {
    if (before.server[field] !== after.server[field]) add('changed', `/server/${field}`, `server ${field}: ${show(before.server[field])} → ${show(after.server[field])}`);
  }
  for (const field of ['era', 'version'] as const) {
    if (before.protocol[field] !== after.protocol[field]) add('changed', `/protocol/${field}`, `protocol ${field}: ${show(before.protocol[field])} → ${show(after.protocol[field])}`);
  }
  diffCapabilities(before.capabilities, after.capabilities, '/capabilities', add);
  if (before.instructions !== after.instructions) add('changed', '/instructions', 'instructions changed');

  matchBy(before.tools, after.tools, (t) => t.name, '/tools', 'tool', add, (a, b, pa, pb) => diffTool(a, b, pa, pb, add));
  matchBy(before.resources, after.resources, (r) => r.uri, '/resources', 'resource', add, (a, b, _pa, pb) => {
    for (const field of ['name', 'title', 'description', 'mimeType'] as const) if (a[field] !== b[field]) add('changed', join(pb, field), `resource ${b.uri}: ${field} changed`);
  });
  matchBy(before.resourceTemplates, after.resourceTemplates, (t) => t.uriTemplate, '/resourceTemplates', 'resource template', add, (a, b, _pa, pb) => {
    for (const field of ['name', 'title', 'description', 'mimeType'] as const) if (a[field] !== b[field]) add('changed', join(pb, field), `resource template ${b.uriTemplate}: ${field} changed`);
  });
  matchBy(before.prompts, after.prompts, (p) => p.name, '/prompts', 'prompt', add, (a, b, pa, pb) => diffPrompt(a, b, pa, pb, add));
  // A snapshot without skills (an older one, or a server without the extension) has none to lose.
  matchBy(before.skills ?? [], after.skills ?? [], (s) => s.uri, '/skills', 'skill', add, (a, b, pa, pb) => diffSkill(a, b, pa, pb, add));
  diffFailing(before.failing ?? [], after.failing ?? [], add);
  return changes;
}

const BEFORE = 'before:';

type Add = (kind: ChangeKind, pointer: string, message: string) => void;

function show(value: unknown): string {
  return value === undefined ? '(none)' : JSON.stringify(value);
}

/** Pairs list items by key: removed ones are breaking, new ones additive, pairs compared. */
function matchBy<T>(before: T[], after: T[], key: (item: T) => string, base: string, noun: string, add: Add, compareItems: (a: T, b: T, pointerA: string, pointerB: string) => void): void {
  const afterIndex = new Map(after.map((item, index) => [key(item), index]));
  const beforeKeys = new Set(before.map(key));
  before.forEach((item, index) => {
    const match = afterIndex.get(key(item));
    if (match === undefined) add('breaking', BEFORE + join(base, index), `${noun} ${key(item)} removed`);
    else compareItems(item, after[match]!, BEFORE + join(base, index), join(base, match));
  });
  after.forEach((item, index) => {
    if (!beforeKeys.has(key(item))) add('additive', join(base, index), `${noun} ${key(item)} added`);
  });
}

/** A declared list that now fails is breaking (clients get an error); one that answers again is additive. */
function diffFailing(before: FailingList[], after: FailingList[], add: Add): void {
  const failedBefore = new Set(before.map((f) => f.method));
  const failsAfter = new Set(after.map((f) => f.method));
  after.forEach((f, index) => {
    if (!failedBefore.has(f.method)) add('breaking', join('/failing', index), `${f.method} now fails: ${f.error}`);
  });
  before.forEach((f, index) => {
    if (!failsAfter.has(f.method)) add('additive', BEFORE + join('/failing', index), `${f.method} answers again`);
  });
}

/** A capability (or one of its flags) gone is breaking; a new one additive. */
function diffCapabilities(before: Json, after: Json, pointer: string, add: Add): void {
  for (const key of Object.keys(before)) {
    const here = join(pointer, key);
    const name = here.slice('/capabilities/'.length).replaceAll('/', '.');
    if (!(key in after)) add('breaking', BEFORE + here, `capability ${name} removed`);
    else if (isObject(before[key]) && isObject(after[key])) diffCapabilities(before[key], after[key], here, add);
    else if (!same(before[key], after[key])) add('changed', here, `capability ${name} changed`);
  }
  for (const key of Object.keys(after)) {
    if (!(key in before)) add('additive', join(pointer, key), `capability ${join(pointer, key).slice('/capabilities/'.length).replaceAll('/', '.')} added`);
  }
}

function diffTool(a: ToolContract, b: ToolContract, pa: string, pb: string, add: Add): void {
  const subject = `tool ${b.name}`;
  for (const field of ['title', 'description'] as const) if (a[field] !== b[field]) add('changed', join(pb, field), `${subject}: ${field} changed`);
  const hints = new Set([...Object.keys(a.annotations ?? {}), ...Object.keys(b.annotations ?? {})]);
  for (const hint of [...hints].sort()) {
    const old = a.annotations?.[hint];
    const now = b.annotations?.[hint];
    if (!same(old, now)) add('changed', now === undefined ? join(pa, 'annotations', hint) : join(pb, 'annotations', hint), `${subject}: annotation ${hint} ${show(old)} → ${show(now)}`);
  }
  if (!same(a.icons, b.icons)) add('changed', join(pb, 'icons'), `${subject}: icons changed`);
  if (!same(a.execution, b.execution)) {
    const required = b.execution?.taskSupport === 'required' && a.execution?.taskSupport !== 'required';
    add(required ? 'breaking' : 'changed', join(pb, 'execution'), `${subject}: execution ${show(a.execution)} → ${show(b.execution)}`);
  }
  diffSchema(a.inputSchema, b.inputSchema, { pa: join(pa, 'inputSchema'), pb: join(pb, 'inputSchema'), subject: `${subject} input`, direction: 'input' }, add);
  if (a.outputSchema && !b.outputSchema) add('breaking', join(pa, 'outputSchema'), `${subject}: output schema removed`);
  else if (!a.outputSchema && b.outputSchema) add('additive', join(pb, 'outputSchema'), `${subject}: output schema added`);
  else if (a.outputSchema && b.outputSchema) diffSchema(a.outputSchema, b.outputSchema, { pa: join(pa, 'outputSchema'), pb: join(pb, 'outputSchema'), subject: `${subject} output`, direction: 'output' }, add);
}

/**
 * A skill's SKILL.md changing name is breaking (hosts and models know it by name); its
 * description and other frontmatter are wording; a file added is additive, a file removed or
 * changed (its digest) is a change a model following the skill may notice.
 */
function diffSkill(a: SkillContract, b: SkillContract, pa: string, pb: string, add: Add): void {
  const subject = `skill ${b.uri}`;
  if (a.name !== b.name) add('breaking', join(pb, 'name'), `${subject}: name ${show(a.name)} → ${show(b.name)}`);
  if (a.description !== b.description) add('changed', join(pb, 'description'), `${subject}: description changed`);
  const fields = new Set([...Object.keys(a.frontmatter), ...Object.keys(b.frontmatter)]);
  for (const field of [...fields].sort()) {
    if (field === 'name' || field === 'description' || same(a.frontmatter[field], b.frontmatter[field])) continue;
    add('changed', b.frontmatter[field] === undefined ? join(pa, 'frontmatter', field) : join(pb, 'frontmatter', field), `${subject}: frontmatter ${field} ${show(a.frontmatter[field])} → ${show(b.frontmatter[field])}`);
  }
  if (a.files === 'dynamic' || b.files === 'dynamic') {
    if (a.files !== b.files) add('changed', join(pb, 'files'), `${subject}: files ${a.files === 'dynamic' ? 'dynamic → listed' : 'listed → dynamic'}`);
    return;
  }
  const beforeFiles = a.files;
  const afterFiles = b.files;
  matchBy(beforeFiles, afterFiles, (file) => file.path, '', `${subject}: file`, (kind, pointer, message) => {
    const older = pointer.startsWith(BEFORE);
    const index = Number(pointer.slice(older ? BEFORE.length + 1 : 1));
    // A file gone is not a call that fails: a change, like a file that changed.
    add(kind === 'breaking' ? 'changed' : kind, join(older ? pa : pb, 'files', index), message);
  }, (x, y, _px, py) => {
    if (x.digest !== y.digest || x.size !== y.size) add('changed', join(pb, 'files', Number(py.slice(1))), `${subject}: file ${y.path} changed (${x.digest.slice(0, 15)}… → ${y.digest.slice(0, 15)}…)`);
  });
}

function diffPrompt(a: PromptContract, b: PromptContract, pa: string, pb: string, add: Add): void {
  const subject = `prompt ${b.name}`;
  for (const field of ['title', 'description'] as const) if (a[field] !== b[field]) add('changed', join(pb, field), `${subject}: ${field} changed`);
  matchBy(a.arguments, b.arguments, (arg) => arg.name, '', `${subject}: argument`, (kind, pointer, message) => {
    // Pointers come back relative to the argument lists; a new argument breaks callers only when it is required.
    const older = pointer.startsWith(BEFORE);
    const index = Number(pointer.slice(older ? BEFORE.length + 1 : 1));
    if (kind === 'additive' && b.arguments[index]?.required) add('breaking', join(pb, 'arguments', index), `${message} (required)`);
    else add(kind, join(older ? pa : pb, 'arguments', index), message);
  }, (x, y, _px, py) => {
    const here = join(pb, 'arguments', Number(py.slice(1)));
    if (!x.required && y.required) add('breaking', join(here, 'required'), `${subject}: argument ${y.name} is now required`);
    if (x.required && !y.required) add('additive', here, `${subject}: argument ${y.name} is now optional`);
    for (const field of ['title', 'description'] as const) if (x[field] !== y[field]) add('changed', join(here, field), `${subject}: argument ${y.name} ${field} changed`);
  });
}

interface SchemaPlace {
  pa: string;
  pb: string;
  subject: string;
  /** input: what clients send (narrowing breaks callers); output: what they read (losing a field breaks readers). */
  direction: 'input' | 'output';
}

/** The JSON types a schema allows; undefined when it does not say (any type). */
function typesOf(schema: Json): Set<string> | undefined {
  const type = schema.type;
  if (typeof type === 'string') return new Set([type]);
  if (Array.isArray(type)) return new Set(type.filter((t): t is string => typeof t === 'string'));
  return undefined;
}

/** Every type of `inner` is allowed by `outer` (an integer is a number). */
function within(inner: Set<string> | undefined, outer: Set<string> | undefined): boolean {
  if (!outer) return true;
  if (!inner) return false;
  return [...inner].every((t) => outer.has(t) || (t === 'integer' && outer.has('number')));
}

function diffSchema(a: Json, b: Json, at: SchemaPlace, add: Add): void {
  const ta = typesOf(a);
  const tb = typesOf(b);
  const typeText = (t: Set<string> | undefined) => (t ? [...t].join('|') : 'any');
  if (!(within(ta, tb) && within(tb, ta))) {
    if (within(tb, ta)) add('breaking', join(at.pb, 'type'), `${at.subject}: type narrowed ${typeText(ta)} → ${typeText(tb)}`);
    else if (within(ta, tb)) add('additive', join(at.pb, 'type'), `${at.subject}: type widened ${typeText(ta)} → ${typeText(tb)}`);
    else add('breaking', join(at.pb, 'type'), `${at.subject}: type changed ${typeText(ta)} → ${typeText(tb)}`);
  }
  if (Array.isArray(a.enum) || Array.isArray(b.enum)) {
    const ea = Array.isArray(a.enum) ? a.enum : undefined;
    const eb = Array.isArray(b.enum) ? b.enum : undefined;
    if (ea && !eb) add('additive', join(at.pa, 'enum'), `${at.subject}: enum dropped (any value allowed)`);
    else if (!ea && eb) add('breaking', join(at.pb, 'enum'), `${at.subject}: values limited to ${show(eb)}`);
    else if (ea && eb) {
      for (const value of ea) if (!eb.some((v) => same(v, value))) add('breaking', join(at.pa, 'enum', ea.indexOf(value)), `${at.subject}: enum value ${show(value)} removed`);
      for (const value of eb) if (!ea.some((v) => same(v, value))) add('additive', join(at.pb, 'enum', eb.indexOf(value)), `${at.subject}: enum value ${show(value)} added`);
    }
  }
  if (a.description !== b.description) add('changed', join(at.pb, 'description'), `${at.subject}: description changed`);

  const pa = isObject(a.properties) ? a.properties : {};
  const pb = isObject(b.properties) ? b.properties : {};
  const ra = new Set(Array.isArray(a.required) ? (a.required as string[]) : []);
  const rb = new Set(Array.isArray(b.required) ? (b.required as string[]) : []);
  const input = at.direction === 'input';
  for (const key of Object.keys(pa)) {
    const subject = `${at.subject} property ${key}`;
    if (!(key in pb)) {
      add('breaking', join(at.pa, 'properties', key), `${subject} removed`);
      continue;
    }
    if (input && !ra.has(key) && rb.has(key)) add('breaking', join(at.pb, 'required'), `${subject} is now required`);
    if (input && ra.has(key) && !rb.has(key)) add('additive', join(at.pb, 'properties', key), `${subject} is now optional`);
    if (!input && ra.has(key) && !rb.has(key)) add('breaking', join(at.pb, 'properties', key), `${subject} is now optional (may be missing)`);
    if (!input && !ra.has(key) && rb.has(key)) add('additive', join(at.pb, 'required'), `${subject} is now always present`);
    if (isObject(pa[key]) && isObject(pb[key])) diffSchema(pa[key], pb[key], { ...at, pa: join(at.pa, 'properties', key), pb: join(at.pb, 'properties', key), subject }, add);
  }
  for (const key of Object.keys(pb)) {
    if (key in pa) continue;
    const required = input && rb.has(key);
    add(required ? 'breaking' : 'additive', join(at.pb, 'properties', key), `${at.subject} property ${key} added${required ? ' (required)' : ''}`);
  }
  if (isObject(a.items) && isObject(b.items)) diffSchema(a.items, b.items, { ...at, pa: join(at.pa, 'items'), pb: join(at.pb, 'items'), subject: `${at.subject} items` }, add);
}

/** True when any change would break a client written against the older snapshot. */
export function hasBreaking(changes: ContractChange[]): boolean {
  return changes.some((change) => change.kind === 'breaking');
}
