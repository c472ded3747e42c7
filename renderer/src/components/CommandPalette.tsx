/**
 * Ctrl/⌘+K: jump to a server, a tool, a resource or a prompt, or run an app action, by
 * typing (cmdk filters and ranks; arrows and Enter pick). Shown in the app's Modal, not
 * cmdk's own dialog, so no style tag is injected (the CSP allows only the app's sheet).
 */
import { visibleToModel } from '../../../shared/app-visibility';
import { Command } from 'cmdk';
import { useEffect, useRef, useState } from 'react';
import { useWorkbench } from '../state/store';
import { Modal } from './Modal';
import { displayName } from './tools/tool-display';
import './CommandPalette.css';
import { SafeName } from './names/SafeName';

export interface PaletteAction {
  label: string;
  run(): void;
}

const TITLE_ID = 'command-palette-title';

export function CommandPalette({ actions }: { actions: PaletteAction[] }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (!open) return null;
  return <Palette actions={actions} onClose={() => setOpen(false)} />;
}

function Palette({ actions, onClose }: { actions: PaletteAction[]; onClose(): void }) {
  const servers = useWorkbench((s) => s.servers);
  const toolsByServer = useWorkbench((s) => s.toolsByServer);
  const resourcesByServer = useWorkbench((s) => s.resourcesByServer);
  const promptsByServer = useWorkbench((s) => s.promptsByServer);
  const selectServer = useWorkbench((s) => s.selectServer);
  const selectTool = useWorkbench((s) => s.selectTool);
  const chooseWorkspaceTool = useWorkbench((s) => s.chooseWorkspaceTool);
  const setTab = useWorkbench((s) => s.setWorkspaceTab);
  const selectResource = useWorkbench((s) => s.selectResource);
  const selectPrompt = useWorkbench((s) => s.selectPrompt);

  const dialog = useRef<HTMLDialogElement>(null);
  /** Closes the palette first, so focus can move on to what the choice opens. */
  const pick = (run: () => void) => {
    dialog.current?.close();
    run();
  };
  const item = (value: string, label: string, detail: string, run: () => void) => (
    <Command.Item key={value} value={value} keywords={[detail]} className="palette-item" onSelect={() => pick(run)}>
      <span className="palette-label">
        <SafeName text={label} />
      </span>
      <span className="palette-detail muted">{detail}</span>
    </Command.Item>
  );

  return (
    <Modal titleId={TITLE_ID} className="command-palette" onClose={onClose} dialogRef={dialog}>
      <h2 id={TITLE_ID} className="visually-hidden">
        Go to
      </h2>
      <Command label="Go to a server, tool, resource, prompt or action" loop>
        <Command.Input data-autofocus className="palette-input" placeholder="Go to a server, tool, resource, prompt or action…" />
        <Command.List className="palette-list" label="Results">
          <Command.Empty className="palette-empty muted">Nothing matches.</Command.Empty>
          <Command.Group heading="Actions">{actions.map((action) => item(`action ${action.label}`, action.label, 'action', action.run))}</Command.Group>
          <Command.Group heading="Servers">{servers.map((server) => item(`server ${server.name}`, server.name, `server · ${server.status}`, () => selectServer(server.name)))}</Command.Group>
          <Command.Group heading="Tools">
            {Object.entries(toolsByServer).flatMap(([server, entry]) =>
              entry.tools.filter(visibleToModel).map((tool) =>
                item(`tool ${tool.fullName}`, displayName(tool), `${tool.name} · ${server}`, () => {
                  selectServer(server);
                  selectTool(server, tool.name);
                  chooseWorkspaceTool(server, tool.name);
                  setTab(server, 'tools');
                }),
              ),
            )}
          </Command.Group>
          <Command.Group heading="Resources">
            {Object.entries(resourcesByServer).flatMap(([server, entry]) =>
              (entry.catalog?.resources ?? []).map((resource) =>
                item(`resource ${server} ${resource.uri}`, resource.title ?? resource.name, `${resource.uri} · ${server}`, () => {
                  selectServer(server);
                  selectResource(server, { kind: 'resource', uri: resource.uri });
                  setTab(server, 'resources');
                }),
              ),
            )}
          </Command.Group>
          <Command.Group heading="Prompts">
            {Object.entries(promptsByServer).flatMap(([server, entry]) =>
              entry.prompts.map((prompt) =>
                item(`prompt ${server} ${prompt.name}`, prompt.title ?? prompt.name, `prompt · ${server}`, () => {
                  selectServer(server);
                  selectPrompt(server, prompt.name);
                  setTab(server, 'prompts');
                }),
              ),
            )}
          </Command.Group>
        </Command.List>
      </Command>
    </Modal>
  );
}
