/**
 * The CLI's answer when a server's headersHelper (a shell command) would run for the first
 * time: `--allow-headers-helper` allows it for this run; on a terminal the user is asked
 * (yes is remembered, as in the app); otherwise it is refused with a message that names
 * the flag, so a script never runs a command nobody saw.
 */
import { createInterface } from 'node:readline/promises';
import type { HeadersHelperAsk } from '../core/config/apply-headers-helper';

export interface ConsentTerminal {
  input: NodeJS.ReadableStream & { isTTY?: boolean };
  output: NodeJS.WritableStream & { isTTY?: boolean };
}

export function cliHeadersHelperConsent(allow: boolean, terminal: ConsentTerminal = { input: process.stdin, output: process.stderr }): HeadersHelperAsk {
  return async ({ server, command }) => {
    if (allow) return 'once';
    if (!terminal.input.isTTY || !terminal.output.isTTY) {
      throw new Error(
        `Server "${server}" has a headersHelper, a command run before connecting: ${command}. The CLI runs it only when you allow it: give --allow-headers-helper (or run on a terminal to be asked).`,
      );
    }
    const prompt = createInterface({ input: terminal.input, output: terminal.output });
    try {
      const answer = await prompt.question(`Server "${server}" wants to run its headersHelper before connecting:\n  ${command}\nRun it (remembered until the command changes)? [y/N] `);
      return /^y(es)?$/i.test(answer.trim()) ? 'always' : 'refuse';
    } finally {
      prompt.close();
    }
  };
}
