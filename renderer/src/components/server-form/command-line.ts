/**
 * A stdio server's command line as people paste it ("npx -y @scope/server"), read with the
 * same shell-words parser as the import, and the arguments that look like several words
 * run together. A process gets its arguments one by one, not through a shell: an argument
 * "-y @scope/server" reaches it as one word, spaces included, which npx, for one, takes for
 * something else entirely.
 */
import { ShellSyntaxError, splitCommandLines } from '../../../../shared/config/shell-words';

export type SplitCommandLine =
  | { ok: true; command: string; args: string[]; env: Array<[string, string]>; notes: string[] }
  | { ok: false; message: string };

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;

/** A whole pasted command line: its command, its arguments, and `NAME=value` words before the command as variables. */
export function splitCommandLine(text: string): SplitCommandLine {
  let split: ReturnType<typeof splitCommandLines>;
  try {
    split = splitCommandLines(text.trim().replace(/^\$\s+/, ''));
  } catch (error) {
    if (error instanceof ShellSyntaxError) return { ok: false, message: `Could not read it as a command line: ${error.message}` };
    throw error;
  }
  if (split.commands.length === 0) return { ok: false, message: 'There is no command in it.' };
  if (split.commands.length > 1) {
    return { ok: false, message: `That is ${split.commands.length} commands (";", "&&" or new lines); a server runs one. Put the others in a script and run that.` };
  }
  const words = split.commands[0]!;
  const env: Array<[string, string]> = [];
  let start = 0;
  for (; start < words.length - 1; start++) {
    const assignment = ASSIGNMENT.exec(words[start]!);
    if (!assignment) break;
    env.push([assignment[1]!, assignment[2]!]);
  }
  const [command, ...args] = words.slice(start);
  const notes = [...split.notes];
  if (split.windows) notes.push('Read as a Windows command line: backslashes are kept as written.');
  return { ok: true, command: command!, args, env, notes };
}

/** Words of a shell line, or undefined when it does not read as one line of plain words. */
function wordsOf(text: string): string[] | undefined {
  try {
    const split = splitCommandLines(text);
    return split.commands.length === 1 ? split.commands[0] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The words an argument seems to be made of, when it looks like several run together: it
 * has spaces, and one of its words is an option ("-y @scope/server", "--port 8080").
 * Spaces in a value ("Hello world", "--title=Hello world", a path) are left alone.
 */
export function severalArgumentsIn(arg: string): string[] | undefined {
  if (!/\s/.test(arg.trim())) return undefined;
  const words = wordsOf(arg);
  if (!words || words.length < 2) return undefined;
  const option = (word: string) => /^--?[A-Za-z]/.test(word) && !word.includes('=');
  return words.some(option) ? words : undefined;
}

/**
 * The words of a command that looks like a whole command line typed into the Command field
 * ("npx -y @scope/server"). A path with spaces ("/opt/My Tools/run") is a command.
 */
export function commandLineIn(command: string): string[] | undefined {
  const trimmed = command.trim();
  const firstWord = trimmed.split(/\s/, 1)[0] ?? '';
  if (!/\s/.test(trimmed) || /[\\/]/.test(firstWord)) return undefined;
  const words = wordsOf(trimmed);
  return words && words.length > 1 ? words : undefined;
}
