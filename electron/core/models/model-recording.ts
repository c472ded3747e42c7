/**
 * Model turns recorded to a file and answered from it, so a run that uses a model (an eval
 * collection in CI) can be repeated with no key and no network: `--llm-record <file>` keeps
 * every answer a provider gave, keyed by a fingerprint of what was asked; `--llm-replay
 * <file>` answers each turn from the file and never calls the provider.
 *
 * What is asked is the model (`<provider>:<model>`), the system prompt, the conversation so
 * far, the tools offered and the sampling settings: a changed prompt, tool description,
 * server answer or model is a different question, which the replay refuses by name rather
 * than answering with something recorded for another one. The endpoint's address is not
 * part of it (a recording made against one proxy replays anywhere). The file holds what the
 * provider answered and the request body it received, never a key or a header: keys travel
 * in headers, which the library builds and nothing here sees.
 *
 * The same question asked several times (an eval's runs) keeps every answer, in order, and
 * the replay gives them back in that order.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import type { ModelHandle, StepOutcome, StepRequest } from './model-library';
import { ModelError } from './model-error';

/** Answers one model turn: the provider itself, a recorder in front of it, or a replay. */
export type ModelTurn = (handle: ModelHandle, request: StepRequest) => Promise<StepOutcome>;

const FORMAT = 'mcp-workbench-llm-recording';

const OutcomeSchema = z.object({
  text: z.string(),
  toolCalls: z.array(z.object({ id: z.string(), name: z.string(), input: z.unknown(), invalid: z.string().optional() })),
  finishReason: z.string(),
  usage: z.object({ inputTokens: z.number(), outputTokens: z.number() }),
  requestBody: z.unknown(),
  responseMessages: z.array(z.unknown()),
  warnings: z.array(z.string()),
});

const RecordingSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(1),
  entries: z.array(
    z.object({
      fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
      model: z.string(),
      /** For people reading the file and for the replay's message: what the turn was about. */
      asked: z.string(),
      responses: z.array(OutcomeSchema),
    }),
  ),
});
type RecordingFile = z.infer<typeof RecordingSchema>;

/** JSON with every object's keys sorted, so the same question always has the same text. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
    return Object.fromEntries(Object.keys(item).sort().map((key) => [key, (item as Record<string, unknown>)[key]]));
  });
}

/** What identifies a turn: everything the model is asked, nothing about where or how it is sent. */
function turnFingerprint(handle: ModelHandle, request: StepRequest): string {
  const asked = {
    model: `${handle.choice.provider}:${handle.choice.model}`,
    system: request.system ?? null,
    messages: request.messages,
    tools: request.tools,
    temperature: request.temperature ?? null,
    maxOutputTokens: request.maxOutputTokens ?? null,
  };
  return createHash('sha256').update(canonical(asked)).digest('hex');
}

const clip = (text: string, max = 160) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** The turn in words: its number in the conversation and the last thing the model was told. */
function describeTurn(request: StepRequest): string {
  const turn = request.messages.filter((message) => message.role === 'assistant').length + 1;
  const last = request.messages.at(-1);
  let what = 'an empty conversation';
  if (last?.role === 'user') {
    const text = typeof last.content === 'string' ? last.content : last.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join(' ');
    what = `the user said "${clip(text)}"`;
  } else if (last?.role === 'tool') {
    what = `the results of ${last.content.map((part) => ('toolName' in part ? part.toolName : part.type)).join(', ')}`;
  }
  return `turn ${turn}, after ${what}`;
}

export class ModelRecording {
  private readonly entries = new Map<string, RecordingFile['entries'][number]>();
  /** Replay: how many answers of each fingerprint were given so far. */
  private readonly served = new Map<string, number>();

  private constructor(readonly file: string) {}

  /** An empty recording, to be filled by `recorder` and written by `save`. */
  static empty(file: string): ModelRecording {
    return new ModelRecording(file);
  }

  /** A recording read from its file; a missing or damaged file is an error that says which. */
  static async load(file: string): Promise<ModelRecording> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new Error(`The model recording ${file} cannot be read: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file (make one with --llm-record)' : (error as Error).message}.`, { cause: error });
    }
    let parsed: RecordingFile;
    try {
      parsed = RecordingSchema.parse(JSON.parse(text));
    } catch (error) {
      throw new Error(`${file} is not a model recording written by --llm-record (or it was changed by hand and no longer fits the format).`, { cause: error });
    }
    const recording = new ModelRecording(file);
    for (const entry of parsed.entries) recording.entries.set(entry.fingerprint, entry);
    return recording;
  }

  /** How many answers the recording holds. */
  get size(): number {
    let count = 0;
    for (const entry of this.entries.values()) count += entry.responses.length;
    return count;
  }

  /** Asks the provider (through `inner`) and keeps its answer. */
  recorder(inner: ModelTurn): ModelTurn {
    return async (handle, request) => {
      const outcome = await inner(handle, request);
      const fingerprint = turnFingerprint(handle, request);
      const entry = this.entries.get(fingerprint) ?? { fingerprint, model: `${handle.choice.provider}:${handle.choice.model}`, asked: describeTurn(request), responses: [] };
      // Through JSON now: what is replayed later is exactly what was written, and the next turn's fingerprint reads the same messages either way.
      entry.responses.push(OutcomeSchema.parse(JSON.parse(JSON.stringify(outcome))) as StepOutcome);
      this.entries.set(fingerprint, entry);
      return outcome;
    };
  }

  /** Answers from the recording; never calls a provider. A turn it does not hold fails with a ModelError that says what was asked. */
  replayer(): ModelTurn {
    return async (handle, request) => {
      const fingerprint = turnFingerprint(handle, request);
      const model = `${handle.choice.provider}:${handle.choice.model}`;
      const entry = this.entries.get(fingerprint);
      const n = this.served.get(fingerprint) ?? 0;
      const hint = `Record it again with --llm-record ${this.file} (with the provider's key) after changing a prompt, a model, the tools or what a server answers.`;
      if (!entry) throw new ModelError(`The recording ${this.file} holds no answer for this request to ${model} (${describeTurn(request)}).`, hint, 'replay');
      const outcome = entry.responses[n];
      if (!outcome) throw new ModelError(`The recording ${this.file} holds ${entry.responses.length} answer(s) for this request to ${model} (${describeTurn(request)}), and the run asked it again (time ${n + 1}).`, hint, 'replay');
      this.served.set(fingerprint, n + 1);
      if (request.onTextDelta && outcome.text) request.onTextDelta(outcome.text);
      // Checked against the format when the file was read; the messages are the library's, as written.
      return structuredClone(outcome) as StepOutcome;
    };
  }

  async save(): Promise<void> {
    const document: RecordingFile = { format: FORMAT, version: 1, entries: [...this.entries.values()] };
    await writeFile(this.file, `${JSON.stringify(document, null, 2)}\n`, { mode: 0o600 });
  }
}
