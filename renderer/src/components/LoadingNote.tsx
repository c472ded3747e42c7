/**
 * What a tab shows while its list is on its way: what it waits for, and a Cancel button
 * (Esc too, while the note has the focus) that cancels the request in the core, so a server
 * that never answers does not hold the tab.
 */
export function LoadingNote({ what, onCancel }: { what: string; onCancel: () => void }) {
  return (
    <p
      className="empty"
      role="status"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onCancel();
      }}
    >
      Loading {what}…{' '}
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </p>
  );
}
