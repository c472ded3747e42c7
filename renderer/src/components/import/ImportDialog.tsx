/**
 * Import servers: from another client's config found on this machine, from any file,
 * or from pasted text (an mcpServers block, one entry, or `claude mcp add` lines).
 * Nothing is saved until the user has seen the preview, picked the entries, resolved
 * name conflicts and answered VS Code's input prompts, and nothing imported runs until
 * the user switches it on: imported servers are saved switched off.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { FileFormat, ImportPreview, ImportSourceInfo, ImportSourceRef } from '../../../shared/api/transfer';
import { SCOPE_LABELS, type ConfigScope } from '../../../shared/config/scopes';
import { TRANSPORT_LABELS } from '../../../shared/config/server-config';
import { useWorkbench } from '../state/store';
import { Field } from './Field';
import { importDetails } from './import-details';
import { closeDialogOf, Modal } from './Modal';
import './ImportDialog.css';

const TITLE_ID = 'import-title';

type Choice = { kind: 'known'; id: string } | { kind: 'file' } | { kind: 'paste' };
interface Row {
  include: boolean;
  name: string;
  replace: boolean;
}

export function ImportDialog({ dialogId, paste }: { dialogId: number; paste?: boolean | undefined }) {
  const api = useWorkbench((s) => s.api);
  const status = useWorkbench((s) => s.configStatus);
  const closeDialog = useWorkbench((s) => s.closeConfigDialog);
  const close = () => closeDialog(dialogId);
  const scopes = status?.availableScopes ?? ['user'];

  const [sources, setSources] = useState<ImportSourceInfo[]>();
  const [choice, setChosen] = useState<Choice>({ kind: 'paste' });
  /** Set once the user picks a source or starts filling one in: the sources found later no longer pick one for them. */
  const userChose = useRef(false);
  const setChoice = (next: Choice) => {
    userChose.current = true;
    setChosen(next);
  };
  const [filePath, setFilePath] = useState('');
  const [fileFormat, setFileFormat] = useState<FileFormat>('auto');
  const [text, setText] = useState('');
  const [scope, setScope] = useState<ConfigScope>('user');
  const [preview, setPreview] = useState<ImportPreview>();
  const [rows, setRows] = useState<Record<string, Row>>({});
  const [inputs, setInputs] = useState<Record<string, string>>({});
  const [secretsByName, setSecretsByName] = useState(true);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    let live = true;
    api
      .listImportSources()
      .then((found) => {
        if (!live) return;
        setSources(found);
        const first = found.find((s) => s.exists && (s.count ?? 0) > 0);
        // The first source with servers is the default, unless a source was picked meanwhile.
        if (first && !paste && !userChose.current) setChosen({ kind: 'known', id: first.id });
      })
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [api, paste]);

  const sourceRef = (): ImportSourceRef | undefined => {
    if (choice.kind === 'paste') return text.trim() ? { kind: 'text', text } : undefined;
    if (choice.kind === 'file') return filePath.trim() ? { kind: 'file', path: filePath.trim(), format: fileFormat } : undefined;
    return sources?.find((s) => s.id === choice.id)?.source;
  };

  const loadPreview = async (targetScope: ConfigScope, keepRows = false, byName = secretsByName) => {
    const source = sourceRef();
    if (!source) {
      setError(choice.kind === 'paste' ? 'Paste a config or a claude mcp add command first.' : choice.kind === 'file' ? 'Give the path of a file.' : 'Choose a source.');
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const result = await api.previewImport({ source, scope: targetScope, secretsByName: byName });
      setPreview(result);
      if (!keepRows) {
        const suggested = result.suggestedScope && scopes.includes(result.suggestedScope) ? result.suggestedScope : targetScope;
        if (suggested !== targetScope) {
          setScope(suggested);
          return loadPreview(suggested);
        }
        setRows(
          Object.fromEntries(
            // A project's local entries (from a whole ~/.claude.json) are offered, not preselected.
            result.candidates.map((c) => [c.key, { include: !c.error && !c.origin?.startsWith('local scope'), name: c.existsIn.includes(targetScope) ? `${c.name}-2`.slice(0, 64) : c.name, replace: false }]),
          ),
        );
      }
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const browse = async () => {
    try {
      const chosen = await api.chooseFile({ purpose: 'import' });
      if (chosen.path) setFilePath(chosen.path);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (!preview) return void loadPreview(scope);
    const source = sourceRef();
    const chosen = preview.candidates.filter((c) => rows[c.key]?.include && !c.error);
    if (!source || chosen.length === 0) return setError('Choose at least one server to import.');
    const neededInputs = preview.inputs.filter((input) => input.usedBy.some((key) => chosen.some((c) => c.key === key)));
    const missing = neededInputs.find((input) => !inputs[input.id]);
    if (missing) return setError(`Enter a value for "${missing.description ?? missing.id}".`);
    setError(undefined);
    setBusy(true);
    try {
      await api.applyImport({
        source,
        scope,
        choices: chosen.map((c) => ({ key: c.key, name: rows[c.key]!.name.trim(), ...(rows[c.key]!.replace ? { replace: true } : {}) })),
        inputs: Object.fromEntries(neededInputs.map((input) => [input.id, inputs[input.id]!])),
        secretsByName,
      });
      // The new servers arrive as a list event.
      closeDialogOf(form.current);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const setRow = (key: string, patch: Partial<Row>) => setRows((r) => ({ ...r, [key]: { ...r[key]!, ...patch } }));
  const count = preview ? preview.candidates.filter((c) => rows[c.key]?.include && !c.error).length : 0;

  return (
    <Modal titleId={TITLE_ID} title="Import servers" className="import-dialog wide" onClose={close}>
      <form ref={form} onSubmit={(event) => void apply(event)} noValidate>
        {!preview ? (
          <fieldset className="source-list">
            <legend>From</legend>
            {sources === undefined && <p className="muted">Looking for other clients' config files…</p>}
            {sources?.map((source) => (
              <label key={source.id} className={`source-option${source.exists ? '' : ' missing'}`}>
                <input
                  type="radio"
                  name="import-source"
                  disabled={!source.exists || !!source.problem}
                  checked={choice.kind === 'known' && choice.id === source.id}
                  onChange={() => setChoice({ kind: 'known', id: source.id })}
                />
                <span>
                  {source.label}{' '}
                  <span className="muted">
                    {source.exists ? (source.problem ? `(${source.problem})` : `(${source.count ?? 0} server${source.count === 1 ? '' : 's'})`) : '(not found)'}
                  </span>
                  <code className="source-path">{source.path}</code>
                </span>
              </label>
            ))}
            <label className="source-option">
              <input type="radio" name="import-source" checked={choice.kind === 'file'} onChange={() => setChoice({ kind: 'file' })} />
              <span>Another file</span>
            </label>
            {choice.kind === 'file' && (
              <div className="field-row indent">
                <Field id="import-file" label="File path">
                  <input id="import-file" spellCheck={false} placeholder="/path/to/mcp.json" value={filePath} onChange={(event) => {
                    userChose.current = true;
                    setFilePath(event.target.value);
                  }}
                />
                </Field>
                {status?.nativeDialogs && (
                  <button type="button" onClick={() => void browse()}>
                    Browse…
                  </button>
                )}
                <Field id="import-format" label="Format">
                  <select id="import-format" value={fileFormat} onChange={(event) => setFileFormat(event.target.value as FileFormat)}>
                    <option value="auto">Detect</option>
                    <option value="mcp-servers">mcpServers (Claude Desktop, .mcp.json, Cursor, Windsurf, Cline)</option>
                    <option value="claude-code">~/.claude.json (Claude Code user scope)</option>
                    <option value="vscode">VS Code mcp.json</option>
                    <option value="zed">Zed settings.json (context_servers)</option>
                    <option value="gemini">Gemini CLI settings.json</option>
                    <option value="codex">Codex config.toml</option>
                  </select>
                </Field>
              </div>
            )}
            <label className="source-option">
              <input type="radio" name="import-source" checked={choice.kind === 'paste'} onChange={() => setChoice({ kind: 'paste' })} />
              <span>Paste</span>
            </label>
            {choice.kind === 'paste' && (
              <Field id="import-text" label="Pasted config or command" hint='An "mcpServers" block, one server entry, VS Code "servers", or claude mcp add … lines.'>
                <textarea id="import-text" rows={8} spellCheck={false} data-autofocus value={text} onChange={(event) => {
                    userChose.current = true;
                    setText(event.target.value);
                  }}
                />
              </Field>
            )}
          </fieldset>
        ) : (
          <div className="import-preview">
            <p>
              <span className="muted">Read as</span> {preview.format}.{' '}
              <button type="button" className="link" onClick={() => setPreview(undefined)}>
                Choose another source
              </button>
            </p>
            <Field id="import-scope" label="Import into">
              <select
                id="import-scope"
                value={scope}
                onChange={(event) => {
                  const next = event.target.value as ConfigScope;
                  setScope(next);
                  void loadPreview(next, true);
                }}
              >
                {scopes.map((s) => (
                  <option key={s} value={s}>
                    {SCOPE_LABELS[s]}
                  </option>
                ))}
              </select>
            </Field>
            {preview.openSource && sources?.some((s) => s.id === preview.openSource && s.exists) && (
              <button
                type="button"
                onClick={() => {
                  setChoice({ kind: 'known', id: preview.openSource! });
                  setPreview(undefined);
                }}
              >
                Choose {sources.find((s) => s.id === preview.openSource)!.label} as the source
              </button>
            )}
            {preview.candidates.length === 0 ? (
              <p className="empty">The source has no servers.</p>
            ) : (
              <table className="candidates">
                <thead>
                  <tr>
                    <th scope="col">Import</th>
                    <th scope="col">Name</th>
                    <th scope="col">Transport</th>
                    <th scope="col">Command or URL</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.candidates.map((c) => {
                    const row = rows[c.key];
                    const conflict = c.existsIn.includes(scope);
                    return (
                      <tr key={c.key} data-candidate={c.key}>
                        <td>
                          <input type="checkbox" aria-label={`Import ${c.key}`} disabled={!!c.error} checked={!!row?.include} onChange={(event) => setRow(c.key, { include: event.target.checked })} />
                        </td>
                        <td>
                          <input aria-label={`Name for ${c.key}`} disabled={!!c.error} value={row?.name ?? ''} onChange={(event) => setRow(c.key, { name: event.target.value })} />
                          {conflict && (
                            <label className="inline-check">
                              <input
                                type="checkbox"
                                checked={!!row?.replace}
                                onChange={(event) => setRow(c.key, { replace: event.target.checked, name: event.target.checked ? c.name : `${c.name}-2`.slice(0, 64) })}
                              />
                              Replace the existing "{c.name}" ({SCOPE_LABELS[scope].toLowerCase()})
                            </label>
                          )}
                        </td>
                        <td>{c.transport ? TRANSPORT_LABELS[c.transport] : '—'}</td>
                        <td>
                          {c.origin && <p className="muted candidate-origin">From the {c.origin}</p>}
                          <code className="summary">{c.summary}</code>
                          {c.config && importDetails(c.config).length > 0 && (
                            <dl className="candidate-details">
                              {importDetails(c.config).map((row, i) => (
                                <div key={i}>
                                  <dt>{row.label}</dt>
                                  <dd>
                                    <code>{row.value}</code>
                                  </dd>
                                </div>
                              ))}
                            </dl>
                          )}
                          {c.error && <p className="field-error">Cannot import: {c.error}</p>}
                          {c.secretFields.length > 0 && <p className="muted">To the secret store: {c.secretFields.join(', ')}</p>}
                          {c.existsIn.some((s) => s !== scope) && (
                            <p className="muted">
                              Also defined in the {c.existsIn.filter((s) => s !== scope).map((s) => SCOPE_LABELS[s].toLowerCase()).join(' and ')} scope (local wins over
                              project over user).
                            </p>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            )}
            {preview.inputs.length > 0 && (
              <fieldset>
                <legend>Values the file asks for</legend>
                {preview.inputs.map((input) => (
                  <Field key={input.id} id={`input-${input.id}`} label={`${input.description ?? input.id}${input.password ? ' (kept secret)' : ''}`} hint={`\${input:${input.id}}, used by ${input.usedBy.join(', ')}`}>
                    <input
                      id={`input-${input.id}`}
                      type={input.password ? 'password' : 'text'}
                      autoComplete="off"
                      value={inputs[input.id] ?? ''}
                      onChange={(event) => setInputs((all) => ({ ...all, [input.id]: event.target.value }))}
                    />
                  </Field>
                ))}
              </fieldset>
            )}
            <label className="inline-check">
              <input
                type="checkbox"
                checked={secretsByName}
                onChange={(event) => {
                  setSecretsByName(event.target.checked);
                  void loadPreview(scope, true, event.target.checked);
                }}
              />
              Keep values that look like credentials (…TOKEN, …KEY, Authorization…) in the secret store
            </label>
            <p className="muted">
              Imported servers are added switched off, so nothing from this source runs yet: check each one, then press Enable on it to connect.
            </p>
            {preview.warnings.length > 0 && (
              <ul className="warnings">
                {preview.warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        {error && (
          <p role="alert" className="error-text">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={() => closeDialogOf(form.current)}>
            Cancel
          </button>
          {preview ? (
            <button type="submit" className="primary" disabled={busy || count === 0}>
              {busy ? 'Importing…' : `Import ${count} server${count === 1 ? '' : 's'}`}
            </button>
          ) : (
            <button type="submit" className="primary" disabled={busy}>
              {busy ? 'Reading…' : 'Preview'}
            </button>
          )}
        </div>
      </form>
    </Modal>
  );
}
