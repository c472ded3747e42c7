/**
 * The workbench's own bar above an app shown full size or picture-in-picture: the app's
 * frame sits below it and can never cover it, so however the app got there (it may ask for
 * full size itself) the way back is always visible. It takes the focus when it appears, so
 * Escape returns at once (a key pressed inside the app's frame never reaches the page).
 */
import { useEffect, useRef } from 'react';

export function FullSizeBar({ tool, mode, onBack }: { tool: string; mode: string; onBack: () => void }) {
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    back.current?.focus();
  }, []);
  return (
    <div
      className="app-frame-bar"
      role="toolbar"
      aria-label="MCP Workbench"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onBack();
        }
      }}
    >
      <span>
        MCP Workbench: the app of {tool}, {mode === 'pip' ? 'picture in picture' : 'full size'}. Esc or
      </span>
      <button ref={back} type="button" className="app-frame-close" onClick={onBack}>
        Back inline
      </button>
    </div>
  );
}
