/**
 * Splits pasted command lines (`claude mcp add …` in the import, a server's whole command
 * line in the server form) into words the way a POSIX shell
 * would: single quotes are literal, double quotes allow \-escapes, a backslash at the
 * end of a line continues it (as do PowerShell's ` and cmd's ^), `#` starts a comment,
 * and newlines, `;` and `&&` end a command. Shell variables (`$NAME`, `${NAME}`) become
 * `${NAME}` references, which the app expands when it connects — the same value the
 * user's shell would have substituted.
 *
 * Windows command lines (cmd's `^` or PowerShell's ` continuations, `C:\…`, `.\…` or
 * `\\host\…` paths) keep their backslashes: there a backslash separates path parts and
 * escapes nothing, except `\"` inside double quotes (as Windows programs read their
 * command line). A POSIX line that drops a backslash before an ordinary character says so,
 * since that is almost always a Windows path pasted without its continuations.
 */
export class ShellSyntaxError extends Error {}

export interface SplitResult {
  commands: string[][];
  /** Read with Windows rules (backslashes kept). */
  windows: boolean;
  /** What was read in a way the user may not expect. */
  notes: string[];
}

/** cmd's `%NAME%`; three characters at least, so URL escapes such as `%E2%80` are not taken for one. */
const CMD_VARIABLE = /%([A-Za-z_][A-Za-z0-9_]{2,})%/;

/** Signs of a Windows command line: cmd or PowerShell continuations, drive, relative or UNC paths. */
function looksLikeWindows(text: string): boolean {
  return /[\^`]\r?\n/.test(text) || /(^|[\s"'=])([A-Za-z]:\\|\.{1,2}\\[^\s\\]|\\\\[A-Za-z0-9])/.test(text) || CMD_VARIABLE.test(text);
}

export function splitCommands(text: string): string[][] {
  return splitCommandLines(text).commands;
}

export function splitCommandLines(text: string): SplitResult {
  const windows = looksLikeWindows(text);
  const notes = new Set<string>();
  const commands: string[][] = [];
  let words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;

  const endWord = () => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0) commands.push(words);
    words = [];
  };
  /** `$NAME` or `${NAME}` at i (which holds `$`); returns the reference and the index after it. */
  const variable = (at: number): [string, number] | undefined => {
    const next = text[at + 1];
    if (next === '(' ) throw new ShellSyntaxError('Command substitution $(…) is not supported: paste the command with the value written out.');
    if (next === '{') {
      const close = text.indexOf('}', at + 2);
      if (close === -1) throw new ShellSyntaxError('A ${ is not closed.');
      return [`\${${text.slice(at + 2, close)}}`, close + 1];
    }
    const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(at + 1));
    return match ? [`\${${match[0]}}`, at + 1 + match[0].length] : undefined;
  };

  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if ((c === '\\' || c === '`' || c === '^') && (next === '\n' || (next === '\r' && text[i + 2] === '\n'))) {
      i += next === '\r' ? 3 : 2;
      continue;
    }
    if (c === '\n' || c === ';') {
      endCommand();
      i++;
      continue;
    }
    if (c === '&' && next === '&') {
      endCommand();
      i += 2;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      endWord();
      i++;
      continue;
    }
    if (c === '#' && !inWord) {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if (windows && (c === '%' || (c === '$' && text.startsWith('$env:', i)))) {
      // cmd's %NAME% and PowerShell's $env:NAME: the same environment variable.
      const match = c === '%' ? new RegExp(`^${CMD_VARIABLE.source}`).exec(text.slice(i)) : /^\$env:([A-Za-z_][A-Za-z0-9_]*)/.exec(text.slice(i));
      if (match) {
        word += `\${${match[1]}}`;
        inWord = true;
        i += match[0].length;
        continue;
      }
    }
    if (c === '\\' && windows) {
      word += c;
      inWord = true;
      i++;
      continue;
    }
    if (c === '\\') {
      inWord = true;
      if (next !== undefined && /[A-Za-z0-9.]/.test(next)) notes.add(`A backslash before "${next}" was read as a shell escape and dropped (in "${text.slice(Math.max(0, i - 20), i + 20).trim()}"). If this is a Windows path, paste it as it appears in cmd or PowerShell.`);
      if (next !== undefined) word += next;
      i += 2;
      continue;
    }
    if (c === "'") {
      const close = text.indexOf("'", i + 1);
      if (close === -1) throw new ShellSyntaxError('A single quote is not closed.');
      word += text.slice(i + 1, close);
      inWord = true;
      i = close + 1;
      continue;
    }
    if (c === '"') {
      inWord = true;
      i++;
      for (;;) {
        if (i >= text.length) throw new ShellSyntaxError('A double quote is not closed.');
        const d = text[i]!;
        if (d === '"') {
          i++;
          break;
        }
        if (d === '\\' && windows) {
          // Windows programs read \" as a quote and every other backslash as itself.
          if (text[i + 1] === '"') {
            word += '"';
            i += 2;
          } else {
            word += d;
            i++;
          }
          continue;
        }
        if (d === '\\' && ['"', '\\', '$', '`', '\n'].includes(text[i + 1] ?? '')) {
          if (text[i + 1] !== '\n') word += text[i + 1];
          i += 2;
          continue;
        }
        if (d === '`' && !windows) throw new ShellSyntaxError('Command substitution `…` is not supported: paste the command with the value written out.');
        if (d === '$') {
          const ref = variable(i);
          if (ref) {
            word += ref[0];
            i = ref[1];
            continue;
          }
        }
        word += d;
        i++;
      }
      continue;
    }
    if (c === '$') {
      const ref = variable(i);
      if (ref) {
        word += ref[0];
        inWord = true;
        i = ref[1];
        continue;
      }
    }
    if (c === '|' || c === '<' || c === '>') throw new ShellSyntaxError(`"${c}" (a pipe or redirection) is not supported in a pasted command.`);
    word += c;
    inWord = true;
    i++;
  }
  endCommand();
  return { commands, windows, notes: [...notes] };
}
