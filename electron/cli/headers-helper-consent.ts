/**
 * The CLI's answers when something would run that the user has not allowed: a server's
 * headersHelper (a shell command), or a project server (`.mcp.json`, with --project) not
 * approved for exactly its entry. `--allow-headers-helper` / `--approve-project` allow it
 * for this run; on a terminal the user is asked (yes is remembered, as in the app);
 * otherwise it is refused with a message that names the flag, so a script never runs a
 * command nobody saw.
 */
import { createInterface } from 'node:readline/promises';
import type { HeadersHelperAsk } from '../core/config/apply-headers-helper';
import type { ProjectServerAsk } from '../core/config/project-server-gate';

export interface ConsentTerminal {
  input: NodeJS.ReadableStream & { isTTY?: boolean };
  output: NodeJS.WritableStream & { isTTY?: boolean };
}

export function cliHeadersHelperConsent(allow: boolean, terminal: ConsentTerminal = { input: process.stdin, output: process.stderr }): HeadersHelperAsk {
  return async ({ server, command, url, scope, cwd, askedAgain }) => {
    if (allow) return 'once';
    if (!terminal.input.isTTY || !terminal.output.isTTY) {
      throw new Error(
        `Server "${server}" has a headersHelper, a command run before connecting: ${command}. The CLI runs it only when you allow it: give --allow-headers-helper (or run on a terminal to be asked).`,
      );
    }
    const prompt = createInterface({ input: terminal.input, output: terminal.output });
    try {
      const again = askedAgain ? 'An earlier consent covered only the command; consents now also cover the folder, the scope and the URL, so you are asked again.\n' : '';
      const answer = await prompt.question(
        `${again}Server "${server}" (${scope} scope) wants to run its headersHelper before connecting:\n  ${command}\nin ${cwd}, its headers going to ${url}.\nRun it (remembered until any of these changes)? [y/N] `,
      );
      return /^y(es)?$/i.test(answer.trim()) ? 'always' : 'refuse';
    } finally {
      prompt.close();
    }
  };
}

export function cliProjectServerConsent(approve: boolean, terminal: ConsentTerminal = { input: process.stdin, output: process.stderr }): ProjectServerAsk {
  return async ({ server, project, entry, changed }) => {
    if (approve) return 'once';
    const what = entry.command ? `runs ${[entry.command, ...(entry.args ?? [])].join(' ')}${entry.cwd ? ` in ${entry.cwd}` : ''}` : `connects to ${entry.url ?? '(no URL)'}`;
    const also = [entry.envFile ? `reads variables from ${entry.envFile}` : '', entry.headersHelper ? `runs ${entry.headersHelper} before connecting` : ''].filter(Boolean).join('; ');
    const description = `"${server}" is a server of ${project}/.mcp.json${changed ? ' whose entry changed since you decided about it' : ' you have not approved'}; it ${what}${also ? `; it ${also}` : ''}.`;
    if (!terminal.input.isTTY || !terminal.output.isTTY) {
      throw new Error(`${description} The CLI starts it only when you approve it: give --approve-project (for this run), approve it in the app, or run on a terminal to be asked.`);
    }
    const prompt = createInterface({ input: terminal.input, output: terminal.output });
    try {
      const answer = await prompt.question(`${description}\nStart it (approved for this project until the entry changes)? [y/N] `);
      return /^y(es)?$/i.test(answer.trim()) ? 'always' : 'refuse';
    } finally {
      prompt.close();
    }
  };
}
