/**
 * What the server's details show while it connects: that it is connecting, and a Cancel
 * button (Esc too, while the note has the focus) that stops the connect, so a server that
 * never answers initialize does not hold the row until the connect timeout.
 */
export function ConnectingNote({ server, onCancel }: { server: string; onCancel: () => void }) {
  return (
    <span
      className="muted connecting-note"
      role="status"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onCancel();
      }}
    >
      Connecting…{' '}
      <button type="button" aria-label={`Cancel connecting to ${server}`} onClick={onCancel}>
        Cancel
      </button>
    </span>
  );
}
