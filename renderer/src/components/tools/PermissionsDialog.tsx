/** The permission rules: see, change and remove them, add one by mcp__ name. */
import { useEffect, useState } from 'react';
import { PERMISSION_DECISIONS, PermissionPatternSchema, type PermissionDecision, type PermissionRuleView, type RuleTarget } from '../../../../shared/permissions';
import { useWorkbench } from '../../state/store';
import { closeDialogOf, Modal } from '../Modal';
import './tool-dialogs.css';

export function PermissionsDialog({ onClose }: { onClose: () => void }) {
  const rules = useWorkbench((s) => s.permissionRules);
  const file = useWorkbench((s) => s.permissionsFile);
  const problem = useWorkbench((s) => s.permissionsProblem);
  const load = useWorkbench((s) => s.loadPermissions);
  const setRule = useWorkbench((s) => s.setPermissionRule);
  const removeRule = useWorkbench((s) => s.removePermissionRule);
  const [pattern, setPattern] = useState('');
  const [decision, setDecision] = useState<PermissionDecision>('allow');
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    void load();
  }, [load]);

  const act = async (action: () => Promise<void>) => {
    try {
      await action();
      setError(undefined);
    } catch (actionError) {
      setError((actionError as Error).message);
    }
  };

  return (
    <Modal titleId="permissions-title" className="permissions-dialog" onClose={onClose}>
      <h2 id="permissions-title">Permissions</h2>
      <p className="muted">
        Tools marked read-only run at once; every other tool asks first, unless a rule says otherwise. A rule names a tool (<code>mcp__server__tool</code>) or
        every tool of a server (<code>mcp__server</code>). Deny wins over allow, allow over ask.
        {file && (
          <>
            {' '}
            Stored in <code>{file}</code>.
          </>
        )}
      </p>
      {problem && (
        <p role="alert" className="error-text">
          {problem}
        </p>
      )}
      {rules.length === 0 ? (
        <p className="empty">No rules yet. “Always allow” in the run prompt adds one.</p>
      ) : (
        <table className="rules">
          <thead>
            <tr>
              <th scope="col">Tool or server</th>
              <th scope="col">Decision</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rules.map((rule) => (
              <tr key={`${rule.server}\u0000${rule.tool ?? ''}`}>
                <td>
                  <code>{rule.pattern}</code>
                </td>
                <td>
                  <select
                    aria-label={`Decision for ${rule.pattern}`}
                    value={rule.decision}
                    onChange={(event) => void act(() => setRule({ ...targetOfRule(rule), decision: event.target.value as PermissionDecision }))}
                  >
                    {PERMISSION_DECISIONS.map((d) => (
                      <option key={d} value={d}>
                        {d}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <button type="button" onClick={() => void act(() => removeRule(targetOfRule(rule)))} aria-label={`Remove the rule for ${rule.pattern}`}>
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form
        className="add-rule"
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = PermissionPatternSchema.safeParse(pattern.trim());
          if (!parsed.success) {
            setError(parsed.error.issues[0]?.message);
            return;
          }
          void act(async () => {
            await setRule({ pattern: parsed.data, decision });
            setPattern('');
          });
        }}
      >
        <input aria-label="New rule: tool or server" placeholder="mcp__server__tool" value={pattern} onChange={(event) => setPattern(event.target.value)} />
        <select aria-label="New rule: decision" value={decision} onChange={(event) => setDecision(event.target.value as PermissionDecision)}>
          {PERMISSION_DECISIONS.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </select>
        <button type="submit">Add rule</button>
      </form>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={(event) => closeDialogOf(event.currentTarget)}>
          Close
        </button>
      </div>
    </Modal>
  );
}

/** The server and tool a listed rule is for (its mcp__ name is only what it shows). */
function targetOfRule(rule: PermissionRuleView): RuleTarget {
  return rule.tool === undefined ? { server: rule.server } : { server: rule.server, tool: rule.tool };
}
