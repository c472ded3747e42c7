/**
 * A server's actions in one menu (Radix dropdown: arrow keys, Enter, Escape, type-ahead):
 * connect or reconnect, edit, duplicate, enable or disable, move to another scope, remove.
 * Non-modal, so the page keeps scrolling and no scroll-lock style tag is injected (the CSP
 * allows only the app's own style sheet).
 */
import * as Menu from '@radix-ui/react-dropdown-menu';
import { Ellipsis } from 'lucide-react';
import { useState } from 'react';
import { SCOPE_LABELS } from '../../../../shared/config/scopes';
import { isEnabled } from '../../../../shared/config/server-config';
import type { ServerView } from '../../../../shared/domain';
import { selectAvailableScopes } from '../../state/config-slice';
import { useWorkbench } from '../../state/store';
import { RemoveServerDialog } from './RemoveServerDialog';
import './server-list.css';

export function ServerActionsMenu({ server, onError }: { server: ServerView; onError(message: string | undefined): void }) {
  const openForm = useWorkbench((s) => s.openServerForm);
  const move = useWorkbench((s) => s.moveServer);
  const setEnabled = useWorkbench((s) => s.setServerEnabled);
  const connect = useWorkbench((s) => s.connectServer);
  const disconnect = useWorkbench((s) => s.disconnectServer);
  const reconnect = useWorkbench((s) => s.reconnectServer);
  const scopes = useWorkbench(selectAvailableScopes);
  const [removing, setRemoving] = useState(false);
  const scope = server.scope ?? 'user';
  const enabled = isEnabled(server.config);
  const targets = scopes.filter((s) => s !== scope);
  const live = server.status === 'connected' || server.status === 'pending';

  const act = (action: () => Promise<void>) => {
    onError(undefined);
    action().catch((error: Error) => onError(error.message));
  };

  return (
    <>
      <Menu.Root modal={false}>
        <Menu.Trigger asChild>
          <button type="button" className="icon-button row-menu-button" aria-label={`Actions for ${server.name}`}>
            <Ellipsis size={16} aria-hidden="true" />
          </button>
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content className="menu" align="end" sideOffset={4} aria-label={`Actions for ${server.name}`}>
            {server.status === 'disconnected' && <Menu.Item className="menu-item" onSelect={() => act(() => connect(server.name))}>Connect</Menu.Item>}
            {live && <Menu.Item className="menu-item" onSelect={() => act(() => disconnect(server.name))}>Disconnect</Menu.Item>}
            {server.status !== 'disconnected' && server.status !== 'disabled' && (
              <Menu.Item className="menu-item" disabled={server.status === 'pending'} onSelect={() => act(() => reconnect(server.name))}>
                Reconnect
              </Menu.Item>
            )}
            <Menu.Separator className="menu-separator" />
            <Menu.Item className="menu-item" onSelect={() => openForm({ mode: 'edit', name: server.name, scope })}>Edit…</Menu.Item>
            <Menu.Item className="menu-item" onSelect={() => openForm({ mode: 'duplicate', name: server.name, scope })}>Duplicate…</Menu.Item>
            <Menu.Item className="menu-item" onSelect={() => act(() => setEnabled(server.name, !enabled))}>{enabled ? 'Disable' : 'Enable'}</Menu.Item>
            {targets.map((to) => (
              <Menu.Item key={to} className="menu-item" onSelect={() => act(() => move({ name: server.name, from: scope, to }))}>
                Move to {SCOPE_LABELS[to]}
              </Menu.Item>
            ))}
            <Menu.Separator className="menu-separator" />
            <Menu.Item className="menu-item danger" onSelect={() => setRemoving(true)}>Remove…</Menu.Item>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
      {removing && <RemoveServerDialog server={server} onClose={() => setRemoving(false)} onError={onError} />}
    </>
  );
}
