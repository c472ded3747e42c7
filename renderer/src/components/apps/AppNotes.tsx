/** What the app said (ui/message, its log lines), what the host did for it, and the model context it set. */
import type { AppNote } from './use-app-host';

export function AppNotes({ notes, modelContext }: { notes: AppNote[]; modelContext?: string }) {
  return (
    <div className="app-notes" role="tabpanel" aria-label="Messages">
      <h4>Model context</h4>
      {modelContext === undefined ? <p className="muted">The app has not set any.</p> : <pre aria-label="Model context">{modelContext}</pre>}
      <h4>Messages</h4>
      {notes.length === 0 ? (
        <p className="muted">Nothing yet.</p>
      ) : (
        <ul aria-label="App messages">
          {notes.map((note) => (
            <li key={note.seq} className={`app-note ${note.kind}`}>
              <span className="app-note-kind">{note.kind === 'message' ? 'ui/message' : note.kind === 'log' ? 'log' : 'host'}</span> {note.text}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
