/**
 * Where to import from: pasted text (first, and the default), a file, or a config file of
 * another client found on this machine. The choice is the user's alone: the search for
 * other clients' files finishes when it finishes and only adds choices, never picks one.
 * Files that were looked for and not found are one line, not a list of greyed choices.
 */
import type { FileFormat, ImportSourceInfo } from '../../../../shared/api/transfer';
import { Field } from '../Field';
import './import.css';

export type SourceChoice = { kind: 'paste' } | { kind: 'file' } | { kind: 'known'; id: string };

interface Props {
  choice: SourceChoice;
  onChoose(choice: SourceChoice): void;
  /** The other clients' files, once they were looked for; undefined while the search runs. */
  sources: ImportSourceInfo[] | undefined;
  text: string;
  onText(text: string): void;
  filePath: string;
  onFilePath(path: string): void;
  fileFormat: FileFormat;
  onFileFormat(format: FileFormat): void;
  /** The system's file dialog, where there is one. */
  onBrowse?: (() => void) | undefined;
  /** Opened from Add server: the paste box only, with a way to the other sources. */
  pasteOnly: boolean;
  onShowAll(): void;
}

export function ImportSources(props: Props) {
  const { choice, onChoose, sources, pasteOnly } = props;
  if (pasteOnly) {
    return (
      <div className="source-paste-only">
        <PasteBox {...props} />
        <p className="muted">
          <button type="button" className="link" onClick={props.onShowAll}>
            Import from a file or another client instead…
          </button>
        </p>
      </div>
    );
  }
  const found = sources?.filter((source) => source.exists) ?? [];
  const missing = sources?.filter((source) => !source.exists) ?? [];
  return (
    <fieldset className="source-list">
      <legend>From</legend>
      <label className="source-option">
        <input type="radio" name="import-source" checked={choice.kind === 'paste'} onChange={() => onChoose({ kind: 'paste' })} />
        <span>Paste</span>
      </label>
      {choice.kind === 'paste' && <PasteBox {...props} />}
      <label className="source-option">
        <input type="radio" name="import-source" checked={choice.kind === 'file'} onChange={() => onChoose({ kind: 'file' })} />
        <span>A file</span>
      </label>
      {choice.kind === 'file' && <FileFields {...props} />}
      <div className="source-found" aria-live="polite">
        {sources === undefined ? (
          <p className="muted">Looking for other clients' config files…</p>
        ) : found.length === 0 ? (
          <p className="muted">No other client's config file was found on this machine.</p>
        ) : (
          <p className="muted source-found-title">Found on this machine:</p>
        )}
        {found.map((source) => (
          <label key={source.id} className="source-option">
            <input
              type="radio"
              name="import-source"
              disabled={!!source.problem}
              checked={choice.kind === 'known' && choice.id === source.id}
              onChange={() => onChoose({ kind: 'known', id: source.id })}
            />
            <span>
              {source.label}{' '}
              <span className="muted">{source.problem ? `(${source.problem})` : `(${source.count ?? 0} server${source.count === 1 ? '' : 's'})`}</span>
              <code className="source-path">{source.path}</code>
            </span>
          </label>
        ))}
        {missing.length > 0 && (
          <details className="source-missing">
            <summary className="muted">
              Also looked for {missing.length} other file{missing.length === 1 ? '' : 's'}, not found
            </summary>
            <ul>
              {missing.map((source) => (
                <li key={source.id} className="muted">
                  {source.label} <code className="source-path">{source.path}</code>
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </fieldset>
  );
}

function PasteBox({ text, onText }: Props) {
  return (
    <Field id="import-text" label="Pasted config or command" hint='An "mcpServers" block, one server entry, VS Code "servers", or claude mcp add … lines.'>
      <textarea id="import-text" rows={8} spellCheck={false} data-autofocus value={text} onChange={(event) => onText(event.target.value)} />
    </Field>
  );
}

function FileFields({ filePath, onFilePath, fileFormat, onFileFormat, onBrowse }: Props) {
  return (
    <div className="field-row indent">
      <Field id="import-file" label="File path">
        <input id="import-file" spellCheck={false} placeholder="/path/to/mcp.json" value={filePath} onChange={(event) => onFilePath(event.target.value)} />
      </Field>
      {onBrowse && (
        <button type="button" onClick={onBrowse}>
          Browse…
        </button>
      )}
      <Field id="import-format" label="Format">
        <select id="import-format" value={fileFormat} onChange={(event) => onFileFormat(event.target.value as FileFormat)}>
          <option value="auto">Detect</option>
          <option value="mcp-servers">mcpServers (Claude Desktop, .mcp.json, Cursor, Windsurf)</option>
          <option value="cline">Cline cline_mcp_settings.json</option>
          <option value="claude-code">~/.claude.json (Claude Code user scope)</option>
          <option value="vscode">VS Code mcp.json</option>
          <option value="zed">Zed settings.json (context_servers)</option>
          <option value="gemini">Gemini CLI settings.json</option>
          <option value="codex">Codex config.toml</option>
          <option value="continue">Continue config.yaml or .continue/mcpServers block</option>
        </select>
      </Field>
    </div>
  );
}
