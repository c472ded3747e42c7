/**
 * The one modal dialog of the app, a native <dialog> shown with showModal(): focus moves
 * into it, Escape closes it (or runs `onCancel`, which may prevent that), and the page
 * behind is inert. No portal and no injected styles, so the CSP's `style-src 'self'` holds.
 * Its body scrolls while the title and `.dialog-actions` stay in view (Modal.css, and
 * `dialog .dialog-actions` in theme/base.css).
 */
import { useEffect, useRef, type ReactNode, type Ref, type SyntheticEvent } from 'react';
import './Modal.css';

interface Props {
  titleId: string;
  className?: string;
  onClose?: () => void;
  /** Escape: call `event.preventDefault()` to keep the dialog open. */
  onCancel?: (event: SyntheticEvent<HTMLDialogElement>) => void;
  /** For dialogs that close themselves (e.g. after saving). */
  dialogRef?: Ref<HTMLDialogElement>;
  children: ReactNode;
}

export function Modal({ titleId, className, onClose, onCancel, dialogRef, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // React's autoFocus runs before showModal, which then moves focus to the first control.
    (dialog?.querySelector<HTMLElement>('[data-autofocus]') ?? dialog?.querySelector<HTMLElement>('[autofocus]'))?.focus();
  }, []);
  return (
    <dialog
      ref={(element) => {
        ref.current = element;
        if (typeof dialogRef === 'function') dialogRef(element);
        else if (dialogRef) dialogRef.current = element;
      }}
      className={`modal ${className ?? ''}`}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={onCancel}
    >
      {children}
    </dialog>
  );
}

/** Closes the <dialog> an element sits in (its onClose then runs). */
export function closeDialogOf(element: HTMLElement | null): void {
  element?.closest('dialog')?.close();
}
