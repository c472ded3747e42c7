/** The "Add server" dialog for a stdio server: name, command, arguments, environment. */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ServerNameSchema, StdioServerConfigSchema, type StdioServerConfig } from '../../../shared/config/server-config';
import { useWorkbench } from '../state/store';

type FieldErrors = Partial<Record<'name' | 'command' | 'args' | 'env' | 'form', string>>;

/** One argument per line, so arguments with spaces need no quoting. */
export function parseArgsText(text: string): string[] {
  return text.split('\n').map((line) => line.trim()).filter((line) => line !== '');
}

/** `KEY=value` per line; returns an error naming the bad line. */
export function parseEnvText(text: string): { env: Record<string, string> } | { error: string } {
  const env: Record<string, string> = {};
  const lines = text.split('\n');
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const eq = line.indexOf('=');
    const key = eq === -1 ? '' : line.slice(0, eq).trim();
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) {
      return { error: `Line ${index + 1} must look like NAME=value` };
    }
    env[key] = line.slice(eq + 1);
  }
  return { env };
}

export function AddServerForm({ onClose }: { onClose: () => void }) {
  const addServer = useWorkbench((s) => s.addServer);
  const dialog = useRef<HTMLDialogElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: FieldErrors = {};
    const name = ServerNameSchema.safeParse(String(form.get('name') ?? '').trim());
    if (!name.success) next.name = `Name: ${name.error.issues[0]?.message}`;
    const env = parseEnvText(String(form.get('env') ?? ''));
    if ('error' in env) next.env = `Environment: ${env.error}`;
    const candidate: StdioServerConfig = {
      command: String(form.get('command') ?? '').trim(),
      args: parseArgsText(String(form.get('args') ?? '')),
      ...('env' in env && Object.keys(env.env).length > 0 ? { env: env.env } : {}),
    };
    const config = StdioServerConfigSchema.safeParse(candidate);
    if (!config.success) next.command = `Command: ${config.error.issues[0]?.message}`;
    setErrors(next);
    if (Object.keys(next).length > 0 || !name.success || !config.success) return;

    setSaving(true);
    try {
      await addServer({ name: name.data, config: config.data });
      onClose();
    } catch (error) {
      setErrors({ form: (error as Error).message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <dialog ref={dialog} className="add-server" aria-labelledby="add-server-title" onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id="add-server-title">Add a stdio server</h2>
        <Field id="server-name" label="Name" error={errors.name}>
          <input id="server-name" name="name" autoFocus autoComplete="off" placeholder="my-server" aria-invalid={!!errors.name} />
        </Field>
        <Field id="server-command" label="Command" error={errors.command}>
          <input id="server-command" name="command" autoComplete="off" placeholder="npx" aria-invalid={!!errors.command} />
        </Field>
        <Field id="server-args" label="Arguments (one per line)" error={errors.args}>
          <textarea id="server-args" name="args" rows={3} placeholder={'-y\n@modelcontextprotocol/server-everything'} />
        </Field>
        <Field id="server-env" label="Environment (NAME=value, one per line)" error={errors.env}>
          <textarea id="server-env" name="env" rows={2} aria-invalid={!!errors.env} />
        </Field>
        {errors.form && (
          <p role="alert" className="error-text">
            {errors.form}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={saving}>
            {saving ? 'Adding…' : 'Add server'}
          </button>
        </div>
      </form>
    </dialog>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error: string | undefined; children: React.ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
