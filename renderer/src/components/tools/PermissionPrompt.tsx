/**
 * Asks before a tool that is not marked read-only runs (the seed's default "ask"):
 * run it once, always allow it (a rule for its mcp__ name, editable under Permissions),
 * or cancel. It asks again when the tool's definition changed since it was allowed, saying what changed.
 */
import { findTool } from '../../state/calls-slice';
import { useWorkbench } from '../../state/store';
import { Modal } from '../Modal';
import { displayName, ToolBadges } from './tool-display';
import { SafeName } from '../names/SafeName';

export function PermissionPrompt() {
  const prompt = useWorkbench((s) => s.permissionPrompt);
  const tool = useWorkbench((s) => (prompt ? findTool(s, prompt.server, prompt.tool) : undefined));
  const answer = useWorkbench((s) => s.answerPermissionPrompt);
  if (!prompt) return null;
  return (
    <Modal titleId="permission-title" className="permission-prompt" onCancel={() => void answer('cancel')}>
      <h2 id="permission-title">
        Run <SafeName text={tool ? displayName(tool) : prompt.tool} />?
      </h2>
      <p>
        <code>
          <SafeName text={prompt.fullName} />
        </code>{' '}
        {tool && <ToolBadges tool={tool} />}
      </p>
      {prompt.changed ? (
        <p className="permission-changed" role="alert">
          {prompt.reason}
        </p>
      ) : (
        <p>
          This asks first because {prompt.reason}
          {tool?.annotations?.destructiveHint ? '; the server says it may delete or overwrite things' : ''}.
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={() => void answer('cancel')}>
          Cancel
        </button>
        <button type="button" onClick={() => void answer('always')}>
          Always allow
        </button>
        <button type="button" className="primary" autoFocus onClick={() => void answer('once')}>
          Run once
        </button>
      </div>
    </Modal>
  );
}
