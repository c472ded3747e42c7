/**
 * Add, edit or duplicate a server, for every transport: each shows only its own fields.
 * What the user typed stays in the form on an error, and when another program changes
 * the config file meanwhile the form says so instead of losing the edit. Save closes the
 * form as soon as the entry is saved: connecting happens after, in the server's row, so a
 * slow or broken server never keeps the form waiting. A whole command line pasted into
 * Command is split into the command and its arguments, shown before saving.
 */
import { useRef, useState, type FormEvent } from 'react';
import { SCOPE_LABELS, type ConfigScope } from '../../../../shared/config/scopes';
import { looksSecret } from '../../../../shared/config/secret-ref';
import { OAUTH_TRANSPORTS, TRANSPORT_LABELS, TRANSPORT_TYPES, type TransportType } from '../../../../shared/config/server-config';
import type { ServerView } from '../../../../shared/domain';
import type { ServerFormTarget } from '../../state/config-slice';
import { useWorkbench } from '../../state/store';
import { Field } from '../Field';
import { closeDialogOf, Modal } from '../Modal';
import { SecretStoreNote } from '../SecretStoreNote';
import { ArgsEditor } from './ArgsEditor';
import { CommandField } from './CommandField';
import { buildRequest, emptyRow, emptyValues, hasHeaders, isIde, STDIO, valuesFromConfig, type FieldErrors, type FormValues } from './form-model';
import { KeyValueEditor } from './KeyValueEditor';
import './server-form.css';

const TITLE_ID = 'server-form-title';

export function ServerForm({ target }: { target: ServerFormTarget }) {
  const servers = useWorkbench((s) => s.servers);
  const status = useWorkbench((s) => s.configStatus);
  const close = useWorkbench((s) => s.closeServerForm);
  const saveNew = useWorkbench((s) => s.saveNewServer);
  const update = useWorkbench((s) => s.updateServer);
  const openDialog = useWorkbench((s) => s.openConfigDialog);
  const revisions = useWorkbench((s) => s.externalRevision);
  const availableScopes = status?.availableScopes ?? ['user'];

  const source = target.mode === 'add' ? undefined : servers.find((s) => s.name === target.name);
  // The form starts from the entry as it was when it opened; later changes are announced, not applied.
  const [values, setValues] = useState<FormValues>(() => initialValues(target, source));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const openedAt = useRef(revisions[values.scope]);
  const changedOnDisk = revisions[values.scope] !== openedAt.current && target.mode === 'edit';

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const transport = values.transport;
  const title = target.mode === 'add' ? 'Add server' : target.mode === 'edit' ? `Edit server "${target.name}"` : `Duplicate server "${target.name}"`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const built = buildRequest(values);
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      if (target.mode === 'edit') {
        await update({
          name: target.name,
          scope: target.scope,
          ...(built.name !== target.name ? { newName: built.name } : {}),
          config: built.config,
          secretFields: built.secretFields,
          background: true,
        });
      } else {
        await saveNew({ name: built.name, scope: values.scope, config: built.config, secretFields: built.secretFields, background: true });
      }
      closeDialogOf(form.current);
    } catch (error) {
      setErrors({ form: (error as Error).message });
    } finally {
      setSaving(false);
    }
  };

  const reloadFromDisk = () => {
    const current = servers.find((s) => s.name === (target.mode === 'add' ? '' : target.name));
    if (current) setValues(valuesFromConfig(current.name, values.scope, current.config));
    openedAt.current = revisions[values.scope];
  };

  return (
    <Modal titleId={TITLE_ID} title={title} className="server-form" onClose={close}>
      <form ref={form} onSubmit={(event) => void submit(event)} noValidate>
        {target.mode !== 'add' && !source && (
          <p role="alert" className="error-text">
            "{target.name}" is no longer in the config (another program removed it). Saving adds it back.
          </p>
        )}
        {changedOnDisk && (
          <div role="status" className="notice">
            <p>
              The {SCOPE_LABELS[values.scope].toLowerCase()} config file changed on disk while you were editing. Your changes are kept; Save replaces
              this server's entry with them.
            </p>
            <button type="button" onClick={reloadFromDisk}>
              Load the file's version
            </button>
          </div>
        )}
        {target.mode === 'add' && (
          <p className="muted">
            Have a config from a README or another client?{' '}
            <button
              type="button"
              className="link"
              onClick={() => {
                closeDialogOf(form.current);
                openDialog({ kind: 'import', fromAddServer: true });
              }}
            >
              Paste a config or a claude mcp add command…
            </button>
          </p>
        )}

        <div className="field-row">
          <Field id="server-transport" label="Transport">
            <select id="server-transport" value={transport} onChange={(event) => set('transport', event.target.value as TransportType)}>
              {TRANSPORT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {TRANSPORT_LABELS[type]}
                </option>
              ))}
            </select>
          </Field>
          {target.mode === 'edit' ? (
            <Field id="server-scope-fixed" label="Scope" hint="Use Move to… in the server list to change it.">
              <input id="server-scope-fixed" readOnly value={SCOPE_LABELS[values.scope]} />
            </Field>
          ) : (
            <Field id="server-scope" label="Scope">
              <select id="server-scope" value={values.scope} onChange={(event) => set('scope', event.target.value as ConfigScope)}>
                {availableScopes.map((scope) => (
                  <option key={scope} value={scope}>
                    {SCOPE_LABELS[scope]}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </div>
        <Field id="server-name" label="Name" error={errors.name}>
          <input id="server-name" data-autofocus autoComplete="off" spellCheck={false} placeholder="my-server" value={values.name} aria-invalid={!!errors.name} onChange={(event) => set('name', event.target.value)} />
        </Field>

        {transport === STDIO ? (
          <>
            <CommandField
              command={values.command}
              error={errors.command}
              onCommand={(command) => set('command', command)}
              onCommandLine={(line) =>
                // The line's words come before any arguments already there: nothing typed is lost.
                setValues((v) => ({
                  ...v,
                  command: line.command,
                  args: [...line.args, ...v.args.filter((arg) => arg !== '')],
                  env: [...v.env, ...line.env.map(([key, value]) => ({ ...emptyRow(), key, value, secret: looksSecret(key) }))],
                }))
              }
              onConfig={(text) => {
                closeDialogOf(form.current);
                openDialog({ kind: 'import', fromAddServer: true, text });
              }}
            />
            <ArgsEditor args={values.args} onChange={(args) => set('args', args)} />
            <KeyValueEditor legend="Environment variables" rowLabel="Variable" namePlaceholder="API_KEY" rows={values.env} error={errors.env} onChange={(env) => set('env', env)} />
            <Field id="server-cwd" label="Working folder (optional)" error={errors.cwd}>
              <input id="server-cwd" autoComplete="off" spellCheck={false} value={values.cwd} onChange={(event) => set('cwd', event.target.value)} />
            </Field>
          </>
        ) : (
          <>
            <Field id="server-url" label="URL" error={errors.url} hint={transport === 'claudeai-proxy' ? 'Streamable HTTP with a claude.ai OAuth sign-in.' : undefined}>
              <input
                id="server-url"
                autoComplete="off"
                spellCheck={false}
                placeholder={transport === 'ws' || transport === 'ws-ide' ? 'ws://127.0.0.1:8080' : 'https://example.com/mcp'}
                value={values.url}
                aria-invalid={!!errors.url}
                onChange={(event) => set('url', event.target.value)}
              />
            </Field>
            {hasHeaders(transport) && (
              <KeyValueEditor legend="Headers" rowLabel="Header" namePlaceholder="Authorization" rows={values.headers} error={errors.headers} onChange={(headers) => set('headers', headers)} />
            )}
            {isIde(transport) && (
              <>
                <Field id="server-ide-name" label="IDE name" error={errors.ideName}>
                  <input id="server-ide-name" autoComplete="off" placeholder="vscode" value={values.ideName} aria-invalid={!!errors.ideName} onChange={(event) => set('ideName', event.target.value)} />
                </Field>
                <Field id="server-auth-token" label="Auth token (kept secret)" error={errors.authToken}>
                  <input
                    id="server-auth-token"
                    type="password"
                    autoComplete="off"
                    placeholder={values.authToken.storedRef ? '•••••• stored secret — type to replace' : ''}
                    value={values.authToken.value}
                    onChange={(event) => set('authToken', { ...values.authToken, value: event.target.value })}
                  />
                </Field>
                <SecretStoreNote />
              </>
            )}
            {OAUTH_TRANSPORTS.has(transport) && (
              <details className="form-section" open={!!errors.oauth}>
                <summary>OAuth sign-in</summary>
                <Field id="server-oauth-client-id" label="Client ID">
                  <input id="server-oauth-client-id" autoComplete="off" value={values.oauthClientId} onChange={(event) => set('oauthClientId', event.target.value)} />
                </Field>
                <Field id="server-oauth-client-secret" label="Client secret (kept secret)">
                  <input
                    id="server-oauth-client-secret"
                    type="password"
                    autoComplete="off"
                    placeholder={values.oauthClientSecret.storedRef ? '•••••• stored secret — type to replace' : ''}
                    value={values.oauthClientSecret.value}
                    onChange={(event) => set('oauthClientSecret', { ...values.oauthClientSecret, value: event.target.value })}
                  />
                </Field>
                <SecretStoreNote />
                <Field id="server-oauth-port" label="Callback port">
                  <input id="server-oauth-port" inputMode="numeric" value={values.oauthCallbackPort} onChange={(event) => set('oauthCallbackPort', event.target.value)} />
                </Field>
                <Field id="server-oauth-scopes" label="Scopes (space-separated)">
                  <input id="server-oauth-scopes" autoComplete="off" value={values.oauthScopes} onChange={(event) => set('oauthScopes', event.target.value)} />
                </Field>
                <Field id="server-oauth-metadata" label="Client metadata URL">
                  <input id="server-oauth-metadata" autoComplete="off" value={values.oauthClientMetadataUrl} onChange={(event) => set('oauthClientMetadataUrl', event.target.value)} />
                </Field>
                {errors.oauth && (
                  <p className="field-error" role="alert">
                    {errors.oauth}
                  </p>
                )}
              </details>
            )}
          </>
        )}

        <details className="form-section" open={!!(errors.connectTimeoutMs || errors.callTimeoutMs || errors.protocol || errors.roots)}>
          <summary>More settings</summary>
          <label className="inline-check">
            <input type="checkbox" checked={values.enabled} onChange={(event) => set('enabled', event.target.checked)} /> Enabled (connect this server)
          </label>
          <div className="field-row">
            <Field id="server-connect-timeout" label="Connect timeout (ms)" error={errors.connectTimeoutMs}>
              <input id="server-connect-timeout" inputMode="numeric" placeholder="30000" value={values.connectTimeoutMs} onChange={(event) => set('connectTimeoutMs', event.target.value)} />
            </Field>
            <Field id="server-call-timeout" label="Call timeout (ms)" error={errors.callTimeoutMs}>
              <input id="server-call-timeout" inputMode="numeric" placeholder="60000" value={values.callTimeoutMs} onChange={(event) => set('callTimeoutMs', event.target.value)} />
            </Field>
          </div>
          <Field id="server-protocol" label="Protocol (auto, legacy, or a version)" error={errors.protocol}>
            <input
              id="server-protocol"
              list="server-protocol-options"
              placeholder="auto"
              spellCheck={false}
              title="Auto detects the era (2026-07-28 or the 2025 initialize handshake); legacy always uses initialize; a version pins it"
              value={values.protocol}
              onChange={(event) => set('protocol', event.target.value)}
            />
            <datalist id="server-protocol-options">
              <option value="auto">Detect (2026-07-28, else the 2025 handshake)</option>
              <option value="legacy">The 2025 initialize handshake</option>
              <option value="2026-07-28">MCP 2026-07-28 only</option>
              <option value="2025-11-25">initialize with 2025-11-25 only</option>
            </datalist>
          </Field>
          <Field id="server-roots" label="Roots (one URI per line)" error={errors.roots}>
            <textarea id="server-roots" rows={2} spellCheck={false} placeholder="file:///path/to/project" value={values.roots} onChange={(event) => set('roots', event.target.value)} />
          </Field>
          <Field id="server-notes" label="Notes">
            <textarea id="server-notes" rows={2} value={values.notes} onChange={(event) => set('notes', event.target.value)} />
          </Field>
        </details>

        {errors.form && (
          <p role="alert" className="error-text">
            {errors.form}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={() => closeDialogOf(form.current)}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={saving}>
            {saving ? 'Saving…' : target.mode === 'edit' ? 'Save' : target.mode === 'duplicate' ? 'Add copy' : 'Add server'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function initialValues(target: ServerFormTarget, source: ServerView | undefined): FormValues {
  if (target.mode === 'add') {
    const scope = target.initial?.scope ?? 'user';
    return target.initial ? valuesFromConfig(target.initial.name, scope, target.initial.config) : emptyValues(scope);
  }
  if (!source) return emptyValues(target.scope);
  const values = valuesFromConfig(source.name, target.scope, source.config);
  return target.mode === 'duplicate' ? { ...values, name: `${source.name}-copy`.slice(0, 64) } : values;
}
