/**
 * JSON as a collapsible tree: objects and arrays fold (the first levels start open),
 * keys and values in their own colours. Very large values are shown as plain
 * pretty-printed text instead, which the browser renders far faster.
 */
import { useMemo } from 'react';
import './result.css';

const MAX_TREE_NODES = 3000;
const OPEN_DEPTH = 2;

export function JsonView({ value }: { value: unknown }) {
  const nodes = useMemo(() => countNodes(value, MAX_TREE_NODES + 1), [value]);
  if (nodes > MAX_TREE_NODES || value === null || typeof value !== 'object') return <pre className="json">{JSON.stringify(value, null, 2)}</pre>;
  return (
    <div className="json-tree" role="tree" aria-label="JSON">
      <Node value={value} depth={0} />
    </div>
  );
}

function Node({ name, value, depth }: { name?: string; value: unknown; depth: number }) {
  const key = name !== undefined ? <span className="json-key">{name}: </span> : null;
  if (value === null || typeof value !== 'object') {
    return (
      <div className="json-leaf" role="treeitem">
        {key}
        <span className={`json-${value === null ? 'null' : typeof value}`}>{JSON.stringify(value)}</span>
      </div>
    );
  }
  const entries: Array<[string, unknown]> = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) {
    return (
      <div className="json-leaf" role="treeitem">
        {key}
        {open}
        {close}
      </div>
    );
  }
  return (
    <details className="json-node" open={depth < OPEN_DEPTH} role="treeitem">
      <summary>
        {key}
        {open}
        <span className="muted json-count"> {entries.length} {Array.isArray(value) ? (entries.length === 1 ? 'item' : 'items') : entries.length === 1 ? 'key' : 'keys'} </span>
        <span className="json-closer">{close}</span>
      </summary>
      <div className="json-children" role="group">
        {entries.map(([k, v]) => (
          <Node key={k} name={Array.isArray(value) ? undefined : JSON.stringify(k)} value={v} depth={depth + 1} />
        ))}
      </div>
      <div className="json-close">{close}</div>
    </details>
  );
}

function countNodes(value: unknown, limit: number): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && count < limit) {
    const node = stack.pop();
    count++;
    if (node && typeof node === 'object') for (const child of Object.values(node)) stack.push(child);
  }
  return count;
}

/** Text that is a JSON object or array, parsed; else undefined. */
export function tryParseJson(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}
