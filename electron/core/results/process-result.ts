/**
 * The result pipeline: turns what a server returned into what the window gets. Long
 * text is cut (the whole saved to a file), images go through the image pipeline (the
 * original saved to a file), audio and binary resources are saved to files,
 * structuredContent is checked against the tool's outputSchema. Nothing big crosses IPC.
 */
import type { ContentBlock, ToolCallResult } from '../../../shared/domain';
import { formatIssues, validateAgainstSchema } from '../../../shared/json-schema';
import type { AudioBlock, ContentAnnotations, EmbeddedResourceBlock, ImageBlock, OutputCheck, ResultBlock, StructuredResult, ToolRunResult, Truncation } from '../../../shared/tool-results';
import { fitImageInWorker } from './image-fitter';
import { jsonByteLength } from './json-size';
import { randomUUID } from 'node:crypto';
import { takeAllPieces, startOfPieces, type PiecesOf } from '../util/long-texts';
import { jsonStringSlices, type JsonStringPart, type ResultFileStore } from './result-files';
import { cutText, TextBudget, truncationOf } from './truncate';

/** Audio up to this size plays inline; bigger is only saved (open it from the file). */
const INLINE_AUDIO_BYTES = 16 * 1024 * 1024;
/** The fields whose long strings the pipeline reads a piece at a time: a text block's, a resource's text. */
const PIECEWISE_KEYS: ReadonlySet<string> = new Set(['text']);
/** All the text of one result together shows at most this many times the per-block limit. */
const RESULT_BUDGET_BLOCKS = 8;

export interface PipelineOptions {
  files: ResultFileStore;
  /** Text above this many bytes is cut (the "Result text shown up to" setting). */
  textLimitBytes: number;
  /** Starts the names of saved files, e.g. the tool's name. */
  label: string;
  /** The pieces of the result's long strings (util/long-texts.ts): measured, cut and saved without joining them. */
  piecesOf?: PiecesOf;
}

export interface ToolResultContext {
  callId: string;
  server: string;
  tool: string;
  outputSchema?: Record<string, unknown>;
}

export async function processToolResult(raw: ToolCallResult, ctx: ToolResultContext, options: PipelineOptions): Promise<ToolRunResult> {
  // Taken before anything waits (pieces not taken at once are forgotten); only texts are
  // cut and saved a piece at a time. A result with a long text is never small.
  const piecesOf = takeAllPieces(raw, PIECEWISE_KEYS);
  if (piecesOf) return processAnyResult(raw, ctx, { ...options, piecesOf });
  return smallToolResult(raw, ctx, options) ?? processAnyResult(raw, ctx, options);
}

/** The whole pipeline, for any result (processToolResult takes the small ones a shorter way, to the same result). */
export async function processAnyResult(raw: ToolCallResult, ctx: ToolResultContext, options: PipelineOptions): Promise<ToolRunResult> {
  const budget = new TextBudget(options.textLimitBytes, options.textLimitBytes * RESULT_BUDGET_BLOCKS);
  const content = await processContent(raw.content, options, budget);
  const structured = raw.structuredContent === undefined ? undefined : await processStructured(raw.structuredContent, options, budget);
  const rawJson = await rawJsonView(raw, options);
  return {
    callId: ctx.callId,
    server: ctx.server,
    tool: ctx.tool,
    content,
    ...(structured ? { structured } : {}),
    outputCheck: checkOutput(ctx.outputSchema, raw),
    isError: raw.isError,
    durationMs: raw.durationMs,
    sizeBytes: sizeOf(raw, options.piecesOf),
    raw: rawJson,
  };
}

/** Base64 longer than this is shortened in the raw view: the block itself shows (and saves) it. */
const RAW_BASE64_CHARS = 120;

/** Strings longer than this are left out of the raw view's JSON.stringify, and written to its file a slice at a time. */
const LONG_RAW_CHARS = 64 * 1024;

/**
 * The "Raw JSON" view: the result's wire fields as pretty JSON, long base64 (image, audio,
 * blob) shortened, cut like long text with the whole saved to a file. A result holding a
 * long string (a 20 MB text) is serialized without it, the string marked; the file is
 * written in parts and the view is its start, so the whole JSON is never one string.
 */
async function rawJsonView(raw: ToolCallResult, options: PipelineOptions): Promise<{ text: string; truncated?: Truncation }> {
  const wire = sentOf(raw);
  const name = `${options.label}-raw.json`;
  const longs: string[] = [];
  const marker = `@@mcpwb-raw-${randomUUID()}-`;
  const pretty = (markLongs: boolean) =>
    JSON.stringify(
      wire,
      (key, value: unknown) => {
        if (typeof value !== 'string') return value;
        if ((key === 'data' || key === 'blob') && value.length > RAW_BASE64_CHARS) return `${value.slice(0, 40)}… (${value.length.toLocaleString('en')} base64 characters)`;
        if (!markLongs || value.length <= LONG_RAW_CHARS) return value;
        longs.push(value);
        return `${marker}${longs.length - 1}`;
      },
      2,
    );
  const budget = new TextBudget(options.textLimitBytes, options.textLimitBytes);
  // The usual small result: JSON.stringify without a replacer, which calls back for every value.
  if (!hasLongStrings(wire)) return cutToFile(JSON.stringify(wire, null, 2), name, 'application/json', options, budget);
  const skeleton = pretty(true);
  // Long strings that fit in the view after all: the plain way (nothing to cut, or not much).
  if (longs.reduce((total, text) => total + text.length, 0) <= options.textLimitBytes) return cutToFile(longs.length === 0 ? skeleton : pretty(false), name, 'application/json', options, budget);
  const parts: Array<string | JsonStringPart> = [];
  let from = 0;
  for (const match of skeleton.matchAll(new RegExp(`"${marker}(\\d+)"`, 'g'))) {
    const jsonString = longs[Number(match[1])]!;
    const pieces = options.piecesOf?.(jsonString);
    parts.push(skeleton.slice(from, match.index), pieces ? { jsonString, pieces } : { jsonString });
    from = match.index + match[0].length;
  }
  parts.push(skeleton.slice(from));
  const { ref, chars } = await options.files.saveJsonParts(parts, name, 'application/json');
  const cut = cutText(startOf(parts, budget.next()), budget.next());
  return { text: cut.shown, truncated: { shownChars: cut.shown.length, shownBytes: cut.shownBytes, totalChars: chars, totalBytes: ref.bytes, file: ref } };
}

/** Whether a value holds a string the raw view shortens or writes apart (long base64, long text). */
function hasLongStrings(value: unknown): boolean {
  if (typeof value === 'string') return value.length > RAW_BASE64_CHARS;
  if (value === null || typeof value !== 'object') return false;
  for (const item of Array.isArray(value) ? value : Object.values(value)) if (hasLongStrings(item)) return true;
  return false;
}

/** The first `chars` characters (at least) of the JSON the parts make. */
function startOf(parts: ReadonlyArray<string | JsonStringPart>, chars: number): string {
  let text = '';
  for (const part of parts) {
    if (text.length >= chars) break;
    if (typeof part === 'string') text += part;
    else {
      const start = part.pieces ? startOfPieces(part.pieces, chars + 1) : part.jsonString.slice(0, chars + 1);
      for (const slice of jsonStringSlices(start, chars + 1)) text += slice;
    }
  }
  return text;
}

/** Content blocks (of a tool result or a resources/read answer) through the pipeline. */
async function processContent(blocks: readonly ContentBlock[], options: PipelineOptions, budget = new TextBudget(options.textLimitBytes, options.textLimitBytes * RESULT_BUDGET_BLOCKS)): Promise<ResultBlock[]> {
  const out: ResultBlock[] = [];
  for (const [index, block] of blocks.entries()) out.push(await processBlock(block, index, options, budget));
  return out;
}

async function processBlock(block: ContentBlock, index: number, options: PipelineOptions, budget: TextBudget): Promise<ResultBlock> {
  const processed = await processBlockBody(block, index, options, budget);
  const annotations = annotationsOf((block as { annotations?: unknown }).annotations);
  return annotations ? { ...processed, annotations } : processed;
}

/** The block's annotations, keeping only the fields MCP defines (and only with the right types). */
function annotationsOf(value: unknown): ContentAnnotations | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const raw = value as Record<string, unknown>;
  const out: ContentAnnotations = {
    ...(Array.isArray(raw.audience) ? { audience: raw.audience.filter((a): a is string => typeof a === 'string') } : {}),
    ...(typeof raw.priority === 'number' ? { priority: raw.priority } : {}),
    ...optionalString('lastModified', raw.lastModified),
  };
  return Object.keys(out).length > 0 ? out : undefined;
}

async function processBlockBody(block: ContentBlock, index: number, options: PipelineOptions, budget: TextBudget): Promise<ResultBlock> {
  const name = `${options.label}-${index + 1}`;
  if (block.type === 'text' && typeof block.text === 'string') {
    return { type: 'text', ...(await cutToFile(block.text, `${name}.txt`, 'text/plain', options, budget)) };
  }
  if (block.type === 'image' && typeof block.data === 'string') {
    return imageBlockFrom(block.data, stringOr(block.mimeType, 'application/octet-stream'), options.files, name);
  }
  if (block.type === 'audio' && typeof block.data === 'string') {
    return audioBlockFrom(block.data, stringOr(block.mimeType, 'audio/wav'), options, name);
  }
  if (block.type === 'resource_link' && typeof block.uri === 'string') {
    return {
      type: 'resource_link',
      uri: block.uri,
      ...optionalString('name', block.name),
      ...optionalString('title', block.title),
      ...optionalString('description', block.description),
      ...optionalString('mimeType', block.mimeType),
      ...(typeof block.size === 'number' ? { size: block.size } : {}),
    };
  }
  if (block.type === 'resource' && block.resource && typeof block.resource === 'object') {
    return embeddedResource(block.resource as Record<string, unknown>, name, options, budget);
  }
  const { text, truncated } = await cutToFile(JSON.stringify(block, null, 2), `${name}.json`, 'application/json', options, budget);
  return { type: 'other', kind: String(block.type), json: text, ...(truncated ? { truncated } : {}) };
}

/** A resource's contents (embedded in a result, or read from a link) as a block. */
export async function embeddedResource(resource: Record<string, unknown>, name: string, options: PipelineOptions, budget: TextBudget): Promise<EmbeddedResourceBlock> {
  const uri = stringOr(resource.uri, '');
  const mimeType = typeof resource.mimeType === 'string' ? resource.mimeType : undefined;
  const base: EmbeddedResourceBlock = { type: 'resource', uri, ...(mimeType ? { mimeType } : {}) };
  if (typeof resource.text === 'string') {
    const { text, truncated } = await cutToFile(resource.text, `${name}${extensionFor(mimeType, '.txt')}`, mimeType ?? 'text/plain', options, budget);
    return { ...base, text, ...(truncated ? { truncated } : {}) };
  }
  if (typeof resource.blob === 'string') {
    if (mimeType?.startsWith('image/')) return { ...base, image: await imageBlockFrom(resource.blob, mimeType, options.files, name) };
    const data = Buffer.from(resource.blob, 'base64');
    return { ...base, file: await options.files.save(data, `${name}${extensionFor(mimeType, '.bin')}`, mimeType) };
  }
  return base;
}

/**
 * An image from base64: fitted within the model-client limits for display, the
 * original saved to a file. Exported for every place that shows images from servers.
 */
async function imageBlockFrom(base64: string, mimeType: string, files: ResultFileStore, name: string): Promise<ImageBlock> {
  const input = Buffer.from(base64, 'base64');
  const file = await files.save(input, `${name}${extensionFor(mimeType, '.img')}`, mimeType);
  try {
    const fitted = await fitImageInWorker(input);
    return {
      type: 'image',
      data: fitted.data.toString('base64'),
      shown: { width: fitted.width, height: fitted.height, bytes: fitted.bytes, mimeType: fitted.mimeType },
      original: { width: fitted.original.width, height: fitted.original.height, bytes: input.length, mimeType, file },
      ...(fitted.transformed ? { transformed: fitted.transformed } : {}),
    };
  } catch (error) {
    return { type: 'image', original: { width: 0, height: 0, bytes: input.length, mimeType, file }, problem: (error as Error).message };
  }
}

async function audioBlockFrom(base64: string, mimeType: string, options: PipelineOptions, name: string): Promise<AudioBlock> {
  const data = Buffer.from(base64, 'base64');
  const file = await options.files.save(data, `${name}${extensionFor(mimeType, '.audio')}`, mimeType);
  return { type: 'audio', mimeType, bytes: data.length, file, ...(data.length <= INLINE_AUDIO_BYTES ? { data: base64 } : {}) };
}

async function processStructured(value: Record<string, unknown>, options: PipelineOptions, budget: TextBudget): Promise<StructuredResult> {
  const json = JSON.stringify(value, null, 2);
  const { text, truncated } = await cutToFile(json, `${options.label}-structured.json`, 'application/json', options, budget);
  return truncated ? { truncated, preview: text } : { value };
}

function checkOutput(outputSchema: Record<string, unknown> | undefined, raw: Pick<ToolCallResult, 'structuredContent' | 'isError'>): OutputCheck {
  if (!outputSchema) return { status: 'not-checked', reason: 'The tool declares no output schema.' };
  if (raw.structuredContent === undefined) {
    return raw.isError ? { status: 'not-checked', reason: 'A tool error need not carry structured content.' } : { status: 'missing' };
  }
  const check = validateAgainstSchema(outputSchema, raw.structuredContent);
  return check.valid ? { status: 'valid' } : { status: 'invalid', errors: formatIssues(check.issues) };
}

async function cutToFile(text: string, fileName: string, mimeType: string, options: PipelineOptions, budget: TextBudget) {
  const pieces = options.piecesOf?.(text);
  const cut = cutText(text, budget.next(), pieces);
  budget.spend(cut.shownBytes);
  if (!cut.cut) return { text };
  const file = await options.files.save(text, fileName, mimeType, pieces);
  return { text: cut.shown, truncated: truncationOf(text, cut, file) };
}

function sizeOf(raw: ToolCallResult, piecesOf: PiecesOf | undefined): number {
  const { durationMs: _duration, sent: _sent, ...wire } = raw;
  return jsonByteLength(wire, piecesOf);
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' && value ? value : fallback;
}

function optionalString<K extends string>(key: K, value: unknown): Partial<Record<K, string>> {
  return typeof value === 'string' ? ({ [key]: value } as Record<K, string>) : {};
}

const EXTENSIONS: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'image/svg+xml': '.svg',
  'audio/wav': '.wav',
  'audio/x-wav': '.wav',
  'audio/mpeg': '.mp3',
  'audio/ogg': '.ogg',
  'audio/webm': '.webm',
  'application/json': '.json',
  'application/pdf': '.pdf',
  'text/plain': '.txt',
  'text/markdown': '.md',
  'text/html': '.html',
  'text/csv': '.csv',
};

function extensionFor(mimeType: string | undefined, fallback: string): string {
  return (mimeType && EXTENSIONS[mimeType.split(';')[0]!.trim()]) || fallback;
}

/**
 * The usual small result in one synchronous pass: text blocks without annotations and
 * structured content, each within its limit, and a raw view with nothing to shorten, write
 * apart or cut. Such a result saves no file, so nothing needs waiting for; the full
 * pipeline awaits every block and step, and walks the result once more for its size.
 * Builds exactly what processAnyResult builds, or returns undefined for any other result.
 */
export function smallToolResult(raw: ToolCallResult, ctx: ToolResultContext, options: PipelineOptions): ToolRunResult | undefined {
  const content: ResultBlock[] = [];
  for (const block of raw.content) {
    if (block.type !== 'text' || typeof block.text !== 'string' || (block as { annotations?: unknown }).annotations !== undefined) return undefined;
    content.push({ type: 'text', text: block.text });
  }
  const { durationMs, sent: _sent, ...fields } = raw;
  const wire = sentOf(raw);
  if (!plainInRawView(wire, '')) return undefined;
  // The raw view holds every text and the structured content (each as long or longer, the
  // latter indented once more): when it fits its limit, so does each of them in the result's
  // shared budget (each block's limit is at least as big while the raw view fits), so none
  // is cut and only the raw view needs measuring.
  const rawText = JSON.stringify(wire, null, 2);
  if (!fitsUncut(rawText, new TextBudget(options.textLimitBytes, options.textLimitBytes))) return undefined;
  return {
    callId: ctx.callId,
    server: ctx.server,
    tool: ctx.tool,
    content,
    ...(raw.structuredContent !== undefined ? { structured: { value: raw.structuredContent } } : {}),
    outputCheck: checkOutput(ctx.outputSchema, raw),
    isError: raw.isError,
    durationMs,
    sizeBytes: jsonByteLength(fields),
    raw: { text: rawText },
  };
}

/** What the raw view shows: the result as the server sent it, or (its message too long to keep) the result's fields. */
function sentOf(raw: ToolCallResult): Record<string, unknown> {
  if (raw.sent) return raw.sent;
  const { durationMs: _duration, sent: _sent, ...fields } = raw;
  return fields;
}

/** Whether the text shows whole within the budget's next limit (and takes its bytes from the budget), as cutToFile decides. */
function fitsUncut(text: string, budget: TextBudget): boolean {
  const cut = cutText(text, budget.next());
  if (cut.cut) return false;
  budget.spend(cut.shownBytes);
  return true;
}

/** Whether the raw view shows the value as plain JSON: no long base64 to shorten (rawJsonView's replacer), no long string to write apart. */
function plainInRawView(value: unknown, key: string): boolean {
  if (typeof value === 'string') return value.length <= LONG_RAW_CHARS && !((key === 'data' || key === 'blob') && value.length > RAW_BASE64_CHARS);
  if (value === null || typeof value !== 'object') return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!plainInRawView(value[i], String(i))) return false;
    return true;
  }
  for (const name of Object.keys(value)) if (!plainInRawView((value as Record<string, unknown>)[name], name)) return false;
  return true;
}
