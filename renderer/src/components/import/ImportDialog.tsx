/**
 * Import servers: from pasted text (an mcpServers block, one entry, or `claude mcp add`
 * lines), from any file, or from another client's config found on this machine. Nothing is
 * saved until the user has seen the preview, picked the entries, resolved name conflicts and
 * answered VS Code's input prompts. Imported servers are saved switched off, so nothing from
 * a file runs until the user switches it on; one server pasted into Add server and saved
 * there is the user's own addition, and connects at once like one typed into the form.
 *
 * The source is the user's choice alone (Paste to begin with): the search for other clients'
 * files only adds choices when it ends. Only the newest preview asked for is ever shown: an
 * older answer that arrives late is dropped.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { FileFormat, ImportPreview, ImportSourceInfo, ImportSourceRef } from '../../../../shared/api/transfer';
import { SCOPE_LABELS, type ConfigScope } from '../../../../shared/config/scopes';
import { selectAvailableScopes } from '../../state/config-slice';
import { useWorkbench } from '../../state/store';
import { Field } from '../Field';
import { closeDialogOf, Modal } from '../Modal';
import { ImportCandidates, type CandidateRow } from './ImportCandidates';
import { ImportSources, type SourceChoice } from './ImportSources';
import './import.css';

const TITLE_ID = 'import-title';

interface Props {
  dialogId: number;
  /** Opened from Add server's "Paste a config…": the paste box first, and one server saved there is switched on. */
  fromAddServer?: boolean | undefined;
  /** Text to start the paste box with. */
  text?: string | undefined;
}

export function ImportDialog({ dialogId, fromAddServer = false, text: initialText = '' }: Props) {
  const api = useWorkbench((s) => s.api);
  const nativeDialogs = useWorkbench((s) => s.configStatus?.nativeDialogs === true);
  const closeDialog = useWorkbench((s) => s.closeConfigDialog);
  const scopes = useWorkbench(selectAvailableScopes);

  const [sources, setSources] = useState<ImportSourceInfo[]>();
  const [choice, setChoice] = useState<SourceChoice>({ kind: 'paste' });
  const [pasteOnly, setPasteOnly] = useState(fromAddServer);
  const [filePath, setFilePath] = useState('');
  const [fileFormat, setFileFormat] = useState<FileFormat>('auto');
  const [text, setText] = useState(initialText);
  const [scope, setScope] = useState<ConfigScope>('user');
  const [preview, setPreview] = useState<ImportPreview>();
  const [rows, setRows] = useState<Record<string, CandidateRow>>({});
  const [inputs, setInputs] = useState<Record<string, string>>({});
  const [secretsByName, setSecretsByName] = useState(true);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  /** The newest preview asked for: an answer to an older one is dropped. */
  const latestPreview = useRef(0);

  useEffect(() => {
    let live = true;
    api
      .listImportSources()
      .then((found) => live && setSources(found))
      .catch((e: Error) => live && setError(`Could not look for other clients' files: ${e.message}`));
    return () => {
      live = false;
    };
  }, [api]);

  const sourceRef = (): ImportSourceRef | undefined => {
    if (choice.kind === 'paste') return text.trim() ? { kind: 'text', text } : undefined;
    if (choice.kind === 'file') return filePath.trim() ? { kind: 'file', path: filePath.trim(), format: fileFormat } : undefined;
    return sources?.find((s) => s.id === choice.id)?.source;
  };

  const loadPreview = async (targetScope: ConfigScope, keepRows = false, byName = secretsByName): Promise<void> => {
    const source = sourceRef();
    if (!source) {
      setError(choice.kind === 'paste' ? 'Paste a config or a claude mcp add command first.' : choice.kind === 'file' ? 'Give the path of a file.' : 'Choose a source.');
      return;
    }
    const asked = ++latestPreview.current;
    setError(undefined);
    setBusy(true);
    try {
      const result = await api.previewImport({ source, scope: targetScope, secretsByName: byName });
      if (asked !== latestPreview.current) return;
      if (!keepRows) {
        const suggested = result.suggestedScope && scopes.includes(result.suggestedScope) ? result.suggestedScope : targetScope;
        if (suggested !== targetScope) {
          setScope(suggested);
          return await loadPreview(suggested, false, byName);
        }
        setRows(
          Object.fromEntries(
            // A project's local entries (from a whole ~/.claude.json) are offered, not preselected.
            result.candidates.map((c) => [c.key, { include: !c.error && !c.origin?.startsWith('local scope'), name: c.existsIn.includes(targetScope) ? `${c.name}-2`.slice(0, 64) : c.name, replace: false }]),
          ),
        );
        // The value VS Code would offer (an input's `default`) starts filled in; what the user typed stays.
        const defaults = Object.fromEntries(result.inputs.flatMap((input) => (input.default !== undefined ? [[input.id, input.default] as const] : [])));
        setInputs((all) => ({ ...defaults, ...all }));
      }
      setPreview(result);
    } catch (e) {
      if (asked === latestPreview.current) setError((e as Error).message);
    } finally {
      if (asked === latestPreview.current) setBusy(false);
    }
  };

  /** Back to choosing a source: a preview still on its way no longer counts. */
  const chooseAnotherSource = () => {
    latestPreview.current++;
    setBusy(false);
    setPreview(undefined);
  };

  const browse = async () => {
    try {
      const chosen = await api.chooseFile({ purpose: 'import' });
      if (chosen.path) setFilePath(chosen.path);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const chosen = preview ? preview.candidates.filter((c) => rows[c.key]?.include && !c.error) : [];
  // One server pasted into Add server is added like one typed into the form: switched on.
  const addsOneAsTyped = fromAddServer && choice.kind === 'paste' && chosen.length === 1;

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (!preview) return void loadPreview(scope);
    const source = sourceRef();
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
        choices: chosen.map((c) => ({ key: c.key, name: rows[c.key]!.name.trim(), ...(rows[c.key]!.replace ? { replace: true } : {}), ...(addsOneAsTyped ? { enable: true } : {}) })),
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

  const setRow = (key: string, patch: Partial<CandidateRow>) => setRows((r) => ({ ...r, [key]: { ...r[key]!, ...patch } }));
  const count = chosen.length;

  return (
    <Modal titleId={TITLE_ID} title={fromAddServer ? 'Add a server from a config' : 'Import servers'} className="import-dialog wide" onClose={() => closeDialog(dialogId)}>
      <form ref={form} onSubmit={(event) => void apply(event)} noValidate>
        {!preview ? (
          <ImportSources
            choice={choice}
            onChoose={setChoice}
            sources={sources}
            text={text}
            onText={setText}
            filePath={filePath}
            onFilePath={setFilePath}
            fileFormat={fileFormat}
            onFileFormat={setFileFormat}
            onBrowse={nativeDialogs ? () => void browse() : undefined}
            pasteOnly={pasteOnly}
            onShowAll={() => setPasteOnly(false)}
          />
        ) : (
          <div className="import-preview">
            <p>
              <span className="muted">Read as</span> {preview.format}.{' '}
              <button type="button" className="link" onClick={chooseAnotherSource}>
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
                  setPasteOnly(false);
                  setChoice({ kind: 'known', id: preview.openSource! });
                  chooseAnotherSource();
                }}
              >
                Choose {sources.find((s) => s.id === preview.openSource)!.label} as the source
              </button>
            )}
            <ImportCandidates candidates={preview.candidates} rows={rows} scope={scope} onRow={setRow} />
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
            <p className="muted import-outcome">
              {addsOneAsTyped
                ? 'It is added switched on and connects at once, as if you had filled in the form.'
                : 'Imported servers are added switched off, so nothing from this source runs yet: check each one, then press Enable on it to connect.'}
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
              {busy ? 'Importing…' : addsOneAsTyped ? 'Add server' : `Import ${count} server${count === 1 ? '' : 's'}`}
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
