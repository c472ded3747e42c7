/**
 * The tabs of a server's workspace (Tools, Tasks, Resources, Prompts, Console, Doctor, Collections, Playground), as ARIA tabs:
 * arrow keys, Home and End move between them. Only the chosen tab's panel is rendered.
 */
import { useRef, type ReactNode } from 'react';
import { WORKSPACE_TABS, type WorkspaceTab } from '../state/workspace-slice';
import './workspace.css';

export const TAB_LABELS: Record<WorkspaceTab, string> = { tools: 'Tools', tasks: 'Tasks', resources: 'Resources', prompts: 'Prompts', skills: 'Skills', console: 'Console', doctor: 'Doctor', collections: 'Collections', load: 'Load', playground: 'Playground' };

interface Props {
  server: string;
  active: WorkspaceTab;
  onChange(tab: WorkspaceTab): void;
  children: ReactNode;
}

export function WorkspaceTabs({ server, active, onChange, children }: Props) {
  const tabs = useRef<Partial<Record<WorkspaceTab, HTMLButtonElement | null>>>({});
  const idOf = (tab: WorkspaceTab) => `${server}-tab-${tab}`;
  const move = (to: WorkspaceTab) => {
    onChange(to);
    tabs.current[to]?.focus();
  };

  return (
    <div className="workspace-tabs">
      <div role="tablist" aria-label={`${server} workspace`} className="tablist">
        {WORKSPACE_TABS.map((tab, index) => (
          <button
            key={tab}
            ref={(element) => {
              tabs.current[tab] = element;
            }}
            type="button"
            role="tab"
            id={idOf(tab)}
            aria-selected={tab === active}
            aria-controls={`${idOf(tab)}-panel`}
            tabIndex={tab === active ? 0 : -1}
            className="tab"
            onClick={() => onChange(tab)}
            onKeyDown={(event) => {
              const last = WORKSPACE_TABS.length - 1;
              const to =
                event.key === 'ArrowRight'
                  ? WORKSPACE_TABS[index === last ? 0 : index + 1]
                  : event.key === 'ArrowLeft'
                    ? WORKSPACE_TABS[index === 0 ? last : index - 1]
                    : event.key === 'Home'
                      ? WORKSPACE_TABS[0]
                      : event.key === 'End'
                        ? WORKSPACE_TABS[last]
                        : undefined;
              if (to) {
                event.preventDefault();
                move(to);
              }
            }}
          >
            {TAB_LABELS[tab]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${idOf(active)}-panel`} aria-labelledby={idOf(active)} className="tabpanel" tabIndex={0}>
        {children}
      </div>
    </div>
  );
}
