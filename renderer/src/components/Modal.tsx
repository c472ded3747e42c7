/**
 * The one modal dialog frame of the app, a native <dialog> shown with showModal(): a title
 * bar with the title and a ✕, a body that scrolls while the title bar and `.dialog-actions`
 * stay in view, Escape and ✕ both cancel (`onCancel` may prevent that), the page behind is
 * inert, and when the dialog goes, focus returns to where it was when it opened. No portal
 * and no injected styles, so the CSP's `style-src 'self'` holds. What is inside has its own
 * error boundary: a dialog that fails to render says so and can still be closed.
 */
import { X } from 'lucide-react';
import { useEffect, useRef, type ReactNode, type Ref, type SyntheticEvent } from 'react';
import { ErrorBoundary } from './ErrorBoundary';
import './Modal.css';

interface Props {
  titleId: string;
  /** The title bar's heading (its id is `titleId`). Without it, the children start with their own heading. */
  title?: ReactNode;
  /** No title bar (the command palette: a search box, not a window). */
  bare?: boolean;
  className?: string;
  onClose?: () => void;
  /** Escape or ✕: call `event.preventDefault()` to keep the dialog open. */
  onCancel?: (event: SyntheticEvent<HTMLDialogElement>) => void;
  /** For dialogs that close themselves (e.g. after saving). */
  dialogRef?: Ref<HTMLDialogElement>;
  children: ReactNode;
}

export function Modal({ titleId, title, bare = false, className, onClose, onCancel, dialogRef, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    // Where focus was before the dialog took it: it goes back there when the dialog goes,
    // whether the dialog was closed or simply removed from the page.
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : undefined;
    if (dialog && !dialog.open) dialog.showModal();
    // React's autoFocus runs before showModal, which then moves focus to the first control.
    (dialog?.querySelector<HTMLElement>('[data-autofocus]') ?? dialog?.querySelector<HTMLElement>('[autofocus]'))?.focus();
    return () => {
      const focus = document.activeElement;
      const lost = !focus || focus === document.body || (dialog?.contains(focus) ?? false);
      if (lost && opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={(element) => {
        ref.current = element;
        if (typeof dialogRef === 'function') dialogRef(element);
        else if (dialogRef) dialogRef.current = element;
      }}
      className={`modal${bare ? ' bare' : title === undefined ? ' untitled' : ''} ${className ?? ''}`}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={onCancel}
    >
      {!bare && (
        <div className="modal-titlebar">
          {title !== undefined && <h2 id={titleId}>{title}</h2>}
          <button type="button" className="icon-button modal-close" aria-label="Close" title="Close (Esc)" onClick={(event) => cancelDialogOf(event.currentTarget)}>
            <X size={16} aria-hidden="true" />
          </button>
        </div>
      )}
      <div className="modal-content">
        <ErrorBoundary pane="This dialog">{children}</ErrorBoundary>
      </div>
    </dialog>
  );
}

/** Closes the <dialog> an element sits in (its onClose then runs). */
export function closeDialogOf(element: HTMLElement | null): void {
  element?.closest('dialog')?.close();
}

/**
 * Asks the <dialog> an element sits in to close, as Escape does: its `cancel` event runs
 * first (a dialog waiting for an answer may refuse), then it closes.
 */
function cancelDialogOf(element: HTMLElement | null): void {
  const dialog = element?.closest('dialog');
  if (!dialog) return;
  if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
}
