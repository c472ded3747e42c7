/**
 * Saving a collection the app has edited back into the YAML file it came from, keeping what
 * a person wrote there that the data does not carry: comments, blank lines, key order, quote
 * and flow styles. The edited collection is laid over the file's document node by node: a
 * value that did not change keeps its node untouched; a changed scalar keeps its comments;
 * steps are matched by their `id` (so moving or inserting a step keeps each step's comments);
 * keys the edit removed go, new keys are added at the end of their map.
 *
 * The caller checks the result reads back as the edited collection and falls back to a fresh
 * rendering if not, so an unusual document (anchors, tags, merge keys) can lose its comments
 * but never its data.
 */
import { isMap, isScalar, isSeq, type Document, type Node, type Pair } from 'yaml';

type Commented = { comment?: string | null; commentBefore?: string | null; spaceBefore?: boolean };

const CREATE_OPTIONS = { aliasDuplicateObjects: false } as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A new node for the value, carrying over the comments that stood around the old one. */
function replaced(doc: Document, old: unknown, value: unknown): Node {
  const node = doc.createNode(value, CREATE_OPTIONS) as Node & Commented;
  if (old && typeof old === 'object') {
    const before = old as Commented;
    if (before.commentBefore) node.commentBefore = before.commentBefore;
    if (before.comment) node.comment = before.comment;
    if (before.spaceBefore) node.spaceBefore = before.spaceBefore;
  }
  return node;
}

function keyOf(pair: Pair): unknown {
  return isScalar(pair.key) ? pair.key.value : pair.key;
}

function updateMap(doc: Document, node: Node, value: Record<string, unknown>): Node {
  if (!isMap(node)) return replaced(doc, node, value);
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  const wanted = new Map(entries);
  node.items = node.items.filter((pair) => wanted.has(String(keyOf(pair))));
  const present = new Map(node.items.map((pair) => [String(keyOf(pair)), pair]));
  for (const [key, item] of entries) {
    const pair = present.get(key);
    if (pair) pair.value = update(doc, pair.value, item);
    else node.items.push(doc.createPair(key, item, CREATE_OPTIONS));
  }
  return node;
}

function idOf(node: unknown): unknown {
  return isMap(node) ? node.get('id') : undefined;
}

function updateSeq(doc: Document, node: Node, value: unknown[]): Node {
  if (!isSeq(node)) return replaced(doc, node, value);
  const old = node.items;
  const byId = new Map<unknown, unknown>();
  for (const item of old) {
    const id = idOf(item);
    if (id !== undefined && !byId.has(id)) byId.set(id, item);
  }
  node.items = value.map((item, index) => {
    const id = isRecord(item) ? item.id : undefined;
    const match = id !== undefined ? byId.get(id) : idOf(old[index]) === undefined ? old[index] : undefined;
    return match === undefined ? doc.createNode(item, CREATE_OPTIONS) : update(doc, match, item);
  });
  // A comment above the first item is parsed onto the list itself; when that item moves
  // down, its comment goes with it.
  const first = old[0] as (Node & Commented) | undefined;
  if (node.commentBefore && first && node.items[0] !== first && node.items.includes(first)) {
    first.commentBefore = node.commentBefore;
    node.commentBefore = undefined;
  }
  return node;
}

/** The node for `value`, reusing `node` (and its comments and style) where it fits. */
function update(doc: Document, node: unknown, value: unknown): Node {
  if (Array.isArray(value)) return updateSeq(doc, node as Node, value);
  if (isRecord(value)) return updateMap(doc, node as Node, value);
  if (isScalar(node) && typeof node.value === typeof value && node.value !== null) {
    if (node.value !== value) node.value = value;
    return node;
  }
  return replaced(doc, node, value);
}

/** Lays `value` over the document's contents in place. */
export function updateDocument(doc: Document, value: unknown): void {
  doc.contents = update(doc, doc.contents, value) as Document['contents'];
}
