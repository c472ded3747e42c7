/**
 * Two panes side by side (or one above the other, `vertical`) with a handle between them
 * (react-resizable-panels: drag it, or focus it and use the arrow keys). Sizes are
 * remembered per `storageId` in localStorage.
 */
import { useState, type ReactNode } from 'react';
import { Group, Panel, Separator, type Layout } from 'react-resizable-panels';
import './ResizableSplit.css';

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
  /** One above the other (the protocol log under the columns). */
  vertical?: boolean;
}

export function ResizableSplit({ id, storageId, label, first, second, firstDefault, firstMin, secondMin, className, vertical = false }: Props) {
  const key = `mcp-workbench-layout-${storageId}`;
  // Read once: the Group owns the layout after mount, and only the user's resizing is saved,
  // so the stored value never feeds back into a render.
  const [defaultLayout] = useState(() => readLayout(key));
  return (
    <Group
      id={id}
      orientation={vertical ? 'vertical' : 'horizontal'}
      className={`split-group${vertical ? ' split-vertical' : ''} ${className ?? ''}`}
      defaultLayout={defaultLayout}
      onLayoutChanged={(layout, meta) => {
        if (meta.isUserInteraction) localStorage.setItem(key, JSON.stringify(layout));
      }}
    >
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

function readLayout(key: string): Layout | undefined {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    if (value && typeof value === 'object' && Object.values(value).every((size) => typeof size === 'number')) return value as Layout;
  } catch {
    // A damaged entry: start from the default sizes.
  }
  return undefined;
}
