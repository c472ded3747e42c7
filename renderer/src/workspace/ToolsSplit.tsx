/** A tool list beside the tool panel, resizable; every Tools view shares the remembered sizes. */
import type { ReactNode } from 'react';
import { Pane } from '../components/ErrorBoundary';
import { ResizableSplit } from '../components/ResizableSplit';
import { ToolPanel } from '../components/ToolPanel';
import './workspace.css';

export function ToolsSplit({ id, list }: { id: string; list: ReactNode }) {
  return (
    <ResizableSplit
      id={id}
      storageId="tools"
      label="Resize the tool list"
      className="workspace-tools"
      firstDefault={36}
      firstMin="200px"
      secondMin="280px"
      first={<Pane name="The tool list">{list}</Pane>}
      second={
        <Pane name="The tool panel">
          <ToolPanel />
        </Pane>
      }
    />
  );
}
