/** `prompts list` and `prompts get`. */
import type { CommandRun } from '../command-run';
import { EXIT, usageError, type ExitCode } from '../exit-codes';
import type { SourceOptions } from '../session';
import { formatTable } from '../table';
import { parsePromptArguments, type ArgumentOptions } from '../tool-arguments';
import { listUnlessNotOffered } from './not-offered';
import { renderContent } from './resources';

export async function promptsList(run: CommandRun, server: string | undefined, options: SourceOptions): Promise<ExitCode> {
  run.catalog = 'prompts';
  run.connectsFirst();
  const session = await run.session(options);
  const name = run.serverName(session, server);
  const prompts = await listUnlessNotOffered(session, name, 'prompts', () => session.api.listPrompts({ server: name }), []);
  if (run.output.json) {
    run.output.document({ server: name, prompts });
  } else if (prompts.length === 0) {
    run.output.note(`${name} offers no prompts.`);
  } else {
    const lines = formatTable(
      prompts,
      [
        { header: 'PROMPT', value: (p) => p.name },
        { header: 'ARGUMENTS', value: (p) => p.arguments.map((a) => (a.required ? a.name : `[${a.name}]`)).join(' ') || '-' },
        { header: 'DESCRIPTION', value: (p) => (p.description ?? p.title ?? '').split('\n', 1)[0]!.trim() },
      ],
      run.output.width,
    );
    for (const line of lines) run.output.line(line);
  }
  return EXIT.ok;
}

export async function promptsGet(run: CommandRun, operands: string[], options: SourceOptions & ArgumentOptions): Promise<ExitCode> {
  const args = parsePromptArguments(options);
  run.catalog = 'prompts';
  const session = await run.session(options);
  const [server, prompt, ...extra] = session.adhoc ? [undefined, ...operands] : operands;
  if (extra.length) throw usageError(`Unexpected ${extra.map((word) => `"${word}"`).join(' ')}: arguments go in --args '<JSON>' or --arg key=value.`);
  const name = run.serverName(session, server);
  if (!prompt) throw usageError(`Name the prompt to get from ${name}.`, `mcp-workbench prompts list ${session.adhoc ? '<same server options>' : name} shows them.`);
  const prompts = await listUnlessNotOffered(session, name, 'prompts', () => session.api.listPrompts({ server: name }), []);
  const info = prompts.find((p) => p.name === prompt);
  if (!info) throw usageError(`${name} has no prompt named "${prompt}".`, prompts.length ? `Its prompts: ${prompts.map((p) => p.name).join(', ')}.` : `${name} offers no prompts.`);
  const missing = info.arguments.filter((a) => a.required && args[a.name] === undefined).map((a) => a.name);
  if (missing.length) throw usageError(`The prompt "${prompt}" needs ${missing.map((m) => `"${m}"`).join(', ')}.`, `Give ${missing.map((m) => `--arg ${m}=<value>`).join(' ')}.`);
  const result = await session.api.getPrompt({ server: name, name: prompt, arguments: args });
  if (run.output.json) {
    run.output.document({ server: name, prompt, ...result });
    return EXIT.ok;
  }
  if (result.description) run.output.line(`# ${result.description}`);
  for (const message of result.messages) {
    run.output.line(`${message.role}:`);
    renderContent(message.content, run.output, '  ');
  }
  return EXIT.ok;
}
