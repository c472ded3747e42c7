/**
 * Two panes side by side with a handle between them (react-resizable-panels: drag it, or
 * focus it and use the arrow keys). Sizes are remembered per `storageId` in localStorage.
 */
import type { ReactNode } from 'react';
import { Group, Panel, Separator, useDefaultLayout } from 'react-resizable-panels';

interface Props {
  /** The Group's DOM id; unique on the page. */
  id: string;
  /** Where the sizes are kept; splits that share it share their sizes. */
  storageId: string;
  label: string;
  first: ReactNode;
  second: ReactNode;
  /** Percent of the width for the first pane at first start. */
  firstDefault: number;
  firstMin: number | string;
  secondMin: number | string;
  className?: string;
}

export function ResizableSplit({ id, storageId, label, first, second, firstDefault, firstMin, secondMin, className }: Props) {
  const { defaultLayout, onLayoutChanged } = useDefaultLayout({ id: `mcp-workbench-layout-${storageId}`, storage: localStorage, panelIds: ['first', 'second'] });
  return (
    <Group id={id} orientation="horizontal" className={`split-group ${className ?? ''}`} defaultLayout={defaultLayout} onLayoutChanged={onLayoutChanged}>
      <Panel id="first" className="split-pane" defaultSize={`${firstDefault}%`} minSize={firstMin}>
        {first}
      </Panel>
      <Separator className="split-handle" aria-label={label} />
      <Panel id="second" className="split-pane" minSize={secondMin}>
        {second}
      </Panel>
    </Group>
  );
}
