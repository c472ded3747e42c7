/**
 * A stdio server's Command. A whole command line pasted here ("npx -y @scope/server") is
 * split the way a shell would (the import's shell-words parser): the command stays here,
 * its words go to Arguments, one per row, and `NAME=value` before it to the variables, so
 * the user sees exactly what will run before saving. A config block or a `claude mcp add`
 * line goes to the paste dialog. A command typed with spaces in it gets a warning and a
 * Split button, since a process is started without a shell.
 */
import { useState, type ClipboardEvent } from 'react';
import { Field } from '../Field';
import { commandLineIn, splitCommandLine, type SplitCommandLine } from './command-line';
import './server-form.css';

type CommandLine = Extract<SplitCommandLine, { ok: true }>;

interface Props {
  command: string;
  error?: string | undefined;
  onCommand(command: string): void;
  onCommandLine(line: CommandLine): void;
  /** Text that is a config, not a command line: handed to the paste dialog. */
  onConfig(text: string): void;
}

/** A JSON block, a `"name": {…}` fragment or a `claude mcp add` line: not a command line (a quoted command path is). */
const looksLikeConfig = (text: string) => /^\s*\{/.test(text) || /^\s*"[^"]*"\s*:/.test(text) || /^\s*(\$\s*)?claude\s+mcp\s+add/.test(text);

export function CommandField({ command, error, onCommand, onCommandLine, onConfig }: Props) {
  const [note, setNote] = useState<{ text: string; problem: boolean }>();
  const typedLine = note ? undefined : commandLineIn(command);

  const apply = (line: CommandLine) => {
    onCommandLine(line);
    const parts = [`${line.args.length} argument${line.args.length === 1 ? '' : 's'}`, ...(line.env.length > 0 ? [`${line.env.length} environment variable${line.env.length === 1 ? '' : 's'}`] : [])];
    setNote({ text: `Split into the command "${line.command}" and ${parts.join(' and ')} below: check them before saving.${line.notes.length > 0 ? ` ${line.notes.join(' ')}` : ''}`, problem: false });
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    const input = event.currentTarget;
    // One word, or pasted into the middle of what is there: an ordinary paste.
    const replacesAll = input.selectionStart === 0 && input.selectionEnd === input.value.length;
    if (!/\s/.test(text.trim()) || !replacesAll) return;
    event.preventDefault();
    if (looksLikeConfig(text)) return onConfig(text);
    const line = splitCommandLine(text);
    if (line.ok) apply(line);
    else setNote({ text: line.message, problem: true });
  };

  return (
    <Field id="server-command" label="Command" error={error} hint="The program to run. Pasting a whole command line splits it into the command and its arguments.">
      <input
        id="server-command"
        autoComplete="off"
        spellCheck={false}
        placeholder="npx"
        value={command}
        aria-invalid={!!error}
        aria-describedby={note || typedLine ? 'server-command-note' : undefined}
        onPaste={onPaste}
        onChange={(event) => {
          setNote(undefined);
          onCommand(event.target.value);
        }}
      />
      {note && (
        <p id="server-command-note" className={note.problem ? 'field-error' : 'field-note'} role={note.problem ? 'alert' : 'status'}>
          {note.text}
        </p>
      )}
      {typedLine && (
        <p id="server-command-note" className="field-warning">
          The command has spaces: it would run a program named “{command.trim()}”, since no shell reads it.{' '}
          <button
            type="button"
            onClick={() => {
              const line = splitCommandLine(command);
              if (line.ok) apply(line);
            }}
          >
            Split into a command and {typedLine.length - 1} argument{typedLine.length === 2 ? '' : 's'}
          </button>
        </p>
      )}
    </Field>
  );
}
