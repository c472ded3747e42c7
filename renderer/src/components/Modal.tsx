/** A modal <dialog>: focus moves into it, Escape closes it, and the page behind is inert. */
import { useEffect, useRef, type ReactNode } from 'react';

export function Modal({ titleId, className, onClose, children }: { titleId: string; className?: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // React's autoFocus runs before showModal, which then moves focus to the first control.
    dialog?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, []);
  return (
    <dialog ref={ref} className={`modal ${className ?? ''}`} aria-labelledby={titleId} onClose={onClose}>
      {children}
    </dialog>
  );
}

/** Closes the <dialog> an element sits in (its onClose then runs). */
export function closeDialogOf(element: HTMLElement | null): void {
  element?.closest('dialog')?.close();
}
