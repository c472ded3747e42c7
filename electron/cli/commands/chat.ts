/**
 * `chat`: a model with the tools of the servers named (or an ad-hoc one). Each step is
 * printed as it happens (the answer on stdout, tool calls and results on stderr); with
 * --json, one document at the end. Every tool call goes through the core, as `tools call`
 * does; with --approve ask (the default on a terminal) each one is put to the user first.
 */
import { createInterface } from 'node:readline/promises';
import { runAgent, type PendingToolCall, type ToolApproval } from '../../core/models/agent-loop';
import { ModelKeys } from '../../core/models/model-keys';
import { openModel } from '../../core/models/model-library';
import { loadPriceTable } from '../../core/models/prices';
import { createSecretStore } from '../../core/secrets/create-secret-store';
import { ModelChoiceError, parseModelChoice, PROVIDERS, type ModelChoice } from '../../core/models/providers';
import type { CommandRun } from '../command-run';
import { EXIT, usageError, type ExitCode } from '../exit-codes';
import type { SourceOptions } from '../session';
import { formatMs } from '../table';
import type { ChatStep } from '../../../shared/api/models';

export interface ChatOptions extends SourceOptions {
  model?: string;
  baseUrl?: string;
  prompt?: string;
  system?: string;
  maxSteps?: string;
  approve?: 'ask' | 'auto';
  json?: boolean;
}

const DEFAULT_MAX_STEPS = 10;
const MAX_MAX_STEPS = 100;

export async function chat(run: CommandRun, servers: string[], options: ChatOptions): Promise<ExitCode> {
  // Everything the command line says is checked before anything is started.
  const choice = modelChoice(options);
  const maxSteps = stepLimit(options.maxSteps);
  if (options.prompt === undefined || !options.prompt.trim()) throw usageError('Give the prompt with --prompt "<text>".', `For example: mcp-workbench chat my-server --model ${choice.provider}:${choice.model} --prompt "What tools do you have?"`);
  const terminal = process.stdin.isTTY === true && process.stderr.isTTY === true;
  const approveMode = options.approve ?? (terminal && !options.json ? 'ask' : 'auto');
  if (approveMode === 'ask' && !terminal) throw usageError('--approve ask needs a terminal to ask on.', 'Use --approve auto: tools then run only as the permission rules allow (read-only tools; others are refused).');

  const session = await run.session(options);
  if (session.adhoc && servers.length) throw usageError(`Give server names or an ad-hoc server (--stdio, --url), not both.`);
  const names = session.adhoc ? [session.adhoc.name] : servers;
  // The app's secret store (the keychain's where one answers), where `models set-key` and the app save keys.
  const keys = new ModelKeys({ secrets: await createSecretStore({ dataDir: session.dataDir, env: run.io.env }), env: run.io.env });
  const key = await keys.resolve(choice.provider);
  const provider = PROVIDERS[choice.provider];
  if (provider.needsKey && !key.key) {
    throw usageError(`No API key for ${provider.label}.`, `Set ${provider.keyEnv}, or save a key: mcp-workbench models set-key ${choice.provider} (it reads the key from stdin).`);
  }
  for (const name of names) {
    run.server = name;
    await session.api.listTools({ name });
  }
  run.server = undefined;
  const { table } = await loadPriceTable(session.dataDir);

  const output = run.output;
  const json = output.json;
  let streamed = false;
  const result = await runAgent({
    model: openModel(choice, key.key),
    gateway: session.api,
    servers: names,
    prompt: options.prompt,
    ...(options.system ? { system: options.system } : {}),
    maxSteps,
    signal: session.signal,
    prices: table,
    ...(approveMode === 'ask' ? { approve: askOnTerminal(run) } : {}),
    ...(json
      ? {}
      : {
          onTextDelta: (text: string) => {
            streamed = true;
            run.io.stdout.write(text);
          },
          onStep: (step: ChatStep) => {
            if (streamed) run.io.stdout.write('\n');
            streamed = false;
            printStep(run, step);
          },
        }),
  });

  if (json) {
    output.document({
      status: result.status,
      model: `${choice.provider}:${choice.model}`,
      text: result.text,
      toolCalls: result.toolCalls,
      // The raw request bodies stay out (they repeat every tool definition each step); the schema changes stay in.
      steps: result.steps.map((step) => (step.kind === 'model' ? { ...step, request: { tools: step.request.tools.filter((t) => t.changes.length).map((t) => ({ name: t.name, changes: t.changes })) } } : step)),
      usage: result.usage,
      ...(result.error ? { error: result.error } : {}),
    });
  } else {
    const cost = result.usage.cost === undefined ? 'cost unknown (not in the price table)' : `$${result.usage.cost.toFixed(4)}`;
    output.note(`${result.steps.filter((s) => s.kind === 'model').length} model turn(s), ${result.toolCalls.length} tool call(s), ${result.usage.inputTokens} tokens in, ${result.usage.outputTokens} out, ${cost}.`);
    if (result.error) output.note(`${result.error.message}\n${result.error.hint}`);
    if (result.status === 'max-steps') output.note(`Stopped after ${maxSteps} model turns without a final answer: raise --max-steps to let it go on.`);
  }
  if (result.status === 'stopped') return EXIT.interrupted;
  return result.status === 'answered' ? EXIT.ok : EXIT.toolError;
}

function modelChoice(options: ChatOptions): ModelChoice {
  if (!options.model) throw usageError('Name the model with --model <provider>:<model>.', 'For example --model ollama:llama3.2 (a local Ollama), --model openai:gpt-4o-mini or --model anthropic:claude-haiku-4-5.');
  try {
    return parseModelChoice(options.model, options.baseUrl);
  } catch (error) {
    if (error instanceof ModelChoiceError) throw usageError(error.message, error.hint);
    throw error;
  }
}

function stepLimit(text: string | undefined): number {
  if (text === undefined) return DEFAULT_MAX_STEPS;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > MAX_MAX_STEPS) throw usageError(`--max-steps must be a whole number from 1 to ${MAX_MAX_STEPS}, got "${text}".`);
  return value;
}

function printStep(run: CommandRun, step: ChatStep): void {
  const out = run.output;
  if (step.kind === 'model') {
    const tokens = `${step.usage.inputTokens}→${step.usage.outputTokens} tokens`;
    out.note(`[step ${step.step}] model: ${step.finishReason}, ${formatMs(step.latencyMs)}, ${tokens}${step.toolCalls.length ? `, ${step.toolCalls.length} tool call(s)` : ''}`);
    for (const warning of step.warnings) out.note(`  warning: ${warning}`);
    const lossy = step.request.tools.filter((t) => t.changes.some((c) => c.lossy));
    if (step.step === 1 && lossy.length) out.note(`  ${lossy.length} tool schema(s) lost keywords in this provider's request: ${lossy.map((t) => t.name).join(', ')} (see --json for each change)`);
    return;
  }
  const args = JSON.stringify(step.arguments);
  const ids = step.jsonRpcIds.length ? ` [JSON-RPC id ${step.jsonRpcIds.join(', ')}]` : '';
  out.note(`  → ${step.server}.${step.tool} ${args}${step.approval === 'edited' ? ' (arguments edited)' : ''}${ids}`);
  const first = step.resultText.split('\n', 1)[0] ?? '';
  out.note(`  ${step.isError ? '✗' : '←'} ${step.notRun ? `not run: ${step.notRun}` : first.length > 200 ? `${first.slice(0, 200)}…` : first} (${formatMs(step.latencyMs)})`);
}

/** Asks on the terminal before each call: run it, edit its arguments, or decline. */
function askOnTerminal(run: CommandRun): (call: PendingToolCall) => Promise<ToolApproval> {
  return async (call) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    // Ctrl+C at the question stops the run, as anywhere else.
    rl.on('SIGINT', () => {
      rl.close();
      process.kill(process.pid, 'SIGINT');
    });
    try {
      run.output.note(`The model wants to call ${call.server}.${call.tool} with ${JSON.stringify(call.arguments)}`);
      for (;;) {
        const answer = (await rl.question('Run it? [y]es, [n]o, [e]dit the arguments: ')).trim().toLowerCase();
        if (answer === 'y' || answer === 'yes' || answer === '') return { decision: 'approve' };
        if (answer === 'n' || answer === 'no') {
          const reason = (await rl.question('Why (told to the model; Enter for no reason): ')).trim();
          return { decision: 'deny', ...(reason ? { reason } : {}) };
        }
        if (answer === 'e' || answer === 'edit') {
          const text = await rl.question('Arguments as a JSON object: ');
          try {
            const value: unknown = JSON.parse(text);
            if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { decision: 'approve', arguments: value as Record<string, unknown> };
          } catch {
            // Asked again below.
          }
          run.output.note('That is not a JSON object; try again.');
        }
      }
    } finally {
      rl.close();
    }
  };
}
