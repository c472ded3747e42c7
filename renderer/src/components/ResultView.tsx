/** Shows a tool result: each content block, tool errors apart from request failures. */
import type { ContentBlock, ToolCallResult } from '../../../shared/domain';

export function ResultView({ result }: { result: ToolCallResult }) {
  return (
    <section className={`result${result.isError ? ' result-error' : ''}`} aria-label="Result" aria-live="polite">
      <header className="result-header">
        <strong>{result.isError ? 'Tool error' : 'Result'}</strong>
        <span className="muted">{formatDuration(result.durationMs)}</span>
      </header>
      {result.content.length === 0 && <p className="empty">The tool returned no content.</p>}
      {result.content.map((block, index) => (
        <ContentBlockView key={index} block={block} />
      ))}
      {result.structuredContent && (
        <details open>
          <summary>Structured content</summary>
          <pre className="json">{JSON.stringify(result.structuredContent, null, 2)}</pre>
        </details>
      )}
    </section>
  );
}

function ContentBlockView({ block }: { block: ContentBlock }) {
  if (block.type === 'text' && typeof block.text === 'string') {
    const json = tryParseJson(block.text);
    return json === undefined ? (
      <pre className="text-block">{block.text}</pre>
    ) : (
      <pre className="json">{JSON.stringify(json, null, 2)}</pre>
    );
  }
  if ((block.type === 'image' || block.type === 'audio') && typeof block.data === 'string' && typeof block.mimeType === 'string') {
    const src = `data:${block.mimeType};base64,${block.data}`;
    return block.type === 'image' ? <img className="image-block" src={src} alt="Image returned by the tool" /> : <audio controls src={src} />;
  }
  return <pre className="json">{JSON.stringify(block, null, 2)}</pre>;
}

/** Text that is a JSON object or array is shown pretty-printed. */
function tryParseJson(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
