/**
 * A tool result: every content block (text, JSON as a tree, images fitted by the main
 * process with their original's file, audio, resource links and embedded resources),
 * structured content checked against the output schema, and text that was cut with
 * "show more", "show all" and its file. A tool error is shown as such, apart from
 * request failures (those never get here).
 */
import { useState } from 'react';
import { checkExternalUrl } from '../../../shared/external-url';
import type { AudioBlock, ContentAnnotations, EmbeddedResourceBlock, ImageBlock, OutputCheck, ResourceLinkBlock, ResultBlock, StructuredResult, ToolRunResult, Truncation } from '../../../shared/tool-results';
import { useWorkbench } from '../state/store';
import { formatBytes, formatDuration } from './tools/format';
import { JsonView, tryParseJson } from './tools/JsonTree';
import { FileActions } from './tools/result-files';
import './tools/result.css';

export function ResultView({ result }: { result: ToolRunResult }) {
  const [raw, setRaw] = useState(false);
  return (
    <section className={`result${result.isError ? ' result-error' : ''}`} aria-label="Result" aria-live="polite">
      <header className="result-header">
        <strong>{result.isError ? 'Tool error' : 'Result'}</strong>
        <span className="muted result-facts">
          {formatDuration(result.durationMs)} · {formatBytes(result.sizeBytes)} · {result.content.length} {result.content.length === 1 ? 'block' : 'blocks'}
        </span>
        {result.raw && (
          <span className="result-views" role="group" aria-label="Show the result as">
            <button type="button" aria-pressed={!raw} onClick={() => setRaw(false)}>
              Rendered
            </button>
            <button type="button" aria-pressed={raw} onClick={() => setRaw(true)}>
              Raw JSON
            </button>
          </span>
        )}
      </header>
      {raw && result.raw ? (
        <div className="raw-result" aria-label="Raw result JSON">
          <TextView text={result.raw.text} plain {...(result.raw.truncated ? { truncated: result.raw.truncated } : {})} />
        </div>
      ) : (
        <>
          {result.content.length === 0 && <p className="empty">The tool returned no content.</p>}
          {result.content.map((block, index) => (
            <BlockView key={index} block={block} server={result.server} />
          ))}
          <Structured structured={result.structured} check={result.outputCheck} />
        </>
      )}
    </section>
  );
}

/** A block, with what its annotations say (audience, priority, last modified) above it. */
function BlockView({ block, server }: { block: ResultBlock; server: string }) {
  if (!block.annotations) return <BlockBody block={block} server={server} />;
  return (
    <div className="annotated-block">
      <BlockAnnotations annotations={block.annotations} />
      <BlockBody block={block} server={server} />
    </div>
  );
}

function BlockAnnotations({ annotations }: { annotations: ContentAnnotations }) {
  const facts = [
    annotations.audience && annotations.audience.length > 0 ? `for ${annotations.audience.join(' and ')}` : '',
    annotations.priority !== undefined ? `priority ${annotations.priority}` : '',
    annotations.lastModified ? `modified ${annotations.lastModified}` : '',
  ].filter(Boolean);
  return (
    <p className="block-annotations" aria-label="Annotations">
      {facts.map((fact) => (
        <span key={fact} className="badge badge-annotation">
          {fact}
        </span>
      ))}
    </p>
  );
}

function BlockBody({ block, server }: { block: ResultBlock; server: string }) {
  switch (block.type) {
    case 'text':
      return <TextView text={block.text} {...(block.truncated ? { truncated: block.truncated } : {})} />;
    case 'image':
      return <ImageView block={block} />;
    case 'audio':
      return <AudioView block={block} />;
    case 'resource_link':
      return <ResourceLinkView block={block} server={server} />;
    case 'resource':
      return <EmbeddedResourceView block={block} server={server} />;
    default:
      return (
        <div className="block">
          <span className="muted">Content of type “{block.kind}”:</span>
          <TextView text={block.json} {...(block.truncated ? { truncated: block.truncated } : {})} />
        </div>
      );
  }
}

const PAGE_BYTES = 1024 * 1024;

/** Text; JSON pretty-printed as a tree (unless `plain`); when cut, its whole can be paged in or opened. */
function TextView({ text, truncated, plain = false }: { text: string; truncated?: Truncation; plain?: boolean }) {
  const api = useWorkbench((s) => s.api);
  const [more, setMore] = useState<{ text: string; offset: number } | undefined>();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | undefined>();
  if (!truncated) {
    const json = plain ? undefined : tryParseJson(text);
    return json === undefined ? <pre className="text-block">{text}</pre> : <JsonView value={json} />;
  }
  const offset = more?.offset ?? truncated.shownBytes;
  const shownBytes = offset;
  const load = async (all: boolean) => {
    setLoading(true);
    setError(undefined);
    try {
      let next = offset;
      let added = '';
      do {
        const chunk = await api.readResultText({ id: truncated.file.id, offset: next, length: PAGE_BYTES });
        added += chunk.text;
        next = chunk.nextOffset;
        if (chunk.text === '') break;
      } while (all && next < truncated.totalBytes);
      setMore({ text: (more?.text ?? '') + added, offset: next });
    } catch (loadError) {
      setError((loadError as Error).message);
    } finally {
      setLoading(false);
    }
  };
  const complete = shownBytes >= truncated.totalBytes;
  return (
    <div className="block truncated-text">
      <pre className="text-block">
        {text}
        {more?.text}
      </pre>
      <div className="truncation-note" role="note">
        <span>
          {complete ? 'Showing all' : 'Showing the first'} {formatBytes(shownBytes)} of {formatBytes(truncated.totalBytes)} ({truncated.totalChars.toLocaleString()} characters).
          {!complete && ' The rest was cut before it reached this window.'}
        </span>
        {!complete && (
          <span className="file-buttons">
            <button type="button" disabled={loading} onClick={() => void load(false)}>
              Show more
            </button>
            <button type="button" disabled={loading} onClick={() => void load(true)}>
              Show all
            </button>
          </span>
        )}
        {loading && <span className="muted"> Loading…</span>}
        {error && (
          <span role="alert" className="error-text">
            {error}
          </span>
        )}
      </div>
      <FileActions file={truncated.file} what="The whole text" />
    </div>
  );
}

function ImageView({ block }: { block: ImageBlock }) {
  const { original, shown } = block;
  return (
    <figure className="block image-result">
      {block.data && shown ? (
        <img className="image-block" src={`data:${shown.mimeType};base64,${block.data}`} alt={`Image returned by the tool, ${shown.width}×${shown.height}`} />
      ) : (
        <p role="alert" className="error-text">
          {block.problem ?? 'The image cannot be shown.'}
        </p>
      )}
      <figcaption className="muted">
        {shown && `${shown.width}×${shown.height} ${shortType(shown.mimeType)}, ${formatBytes(shown.bytes)}`}
        {block.transformed && ` (${block.transformed}; original ${original.width}×${original.height} ${shortType(original.mimeType)}, ${formatBytes(original.bytes)})`}
      </figcaption>
      {original.file && <FileActions file={original.file} what="Original image" />}
    </figure>
  );
}

function AudioView({ block }: { block: AudioBlock }) {
  return (
    <div className="block audio-result">
      {block.data ? <audio controls src={`data:${block.mimeType};base64,${block.data}`} aria-label="Audio returned by the tool" /> : <p className="muted">Too long to play here; open the file.</p>}
      <span className="muted">
        {block.mimeType}, {formatBytes(block.bytes)}
      </span>
      {block.file && <FileActions file={block.file} what="Audio" />}
    </div>
  );
}

function ResourceLinkView({ block, server }: { block: ResourceLinkBlock; server: string }) {
  const api = useWorkbench((s) => s.api);
  const [contents, setContents] = useState<ResultBlock[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const web = checkExternalUrl(block.uri).ok;
  const open = async () => {
    setBusy(true);
    setError(undefined);
    try {
      if (web) {
        const { opened } = await api.openExternalUrl({ url: block.uri });
        if (!opened) window.open(block.uri, '_blank', 'noopener,noreferrer');
      } else setContents(await api.readResourceLink({ server, uri: block.uri }));
    } catch (openError) {
      setError((openError as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="block resource-link">
      <div className="resource-head">
        <span className="resource-kind">Link</span> <strong>{block.title ?? block.name ?? block.uri}</strong> <code>{block.uri}</code>
        {block.mimeType && <span className="muted"> {block.mimeType}</span>}
        {block.size !== undefined && <span className="muted"> {formatBytes(block.size)}</span>}{' '}
        <button type="button" onClick={() => void open()} disabled={busy} aria-label={`${web ? 'Open' : 'Read'} ${block.uri}`}>
          {web ? 'Open in browser' : contents ? 'Read again' : 'Read'}
        </button>
      </div>
      {block.description && <p className="muted">{block.description}</p>}
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      {contents?.map((content, index) => (
        <BlockView key={index} block={content} server={server} />
      ))}
    </div>
  );
}

function EmbeddedResourceView({ block, server }: { block: EmbeddedResourceBlock; server: string }) {
  return (
    <div className="block embedded-resource">
      <div className="resource-head">
        <span className="resource-kind">Resource</span> <code>{block.uri}</code>
        {block.mimeType && <span className="muted"> {block.mimeType}</span>}
      </div>
      {block.text !== undefined && <TextView text={block.text} {...(block.truncated ? { truncated: block.truncated } : {})} />}
      {block.image && <BlockView block={block.image} server={server} />}
      {block.file && <FileActions file={block.file} what="Resource" />}
    </div>
  );
}

function Structured({ structured, check }: { structured?: StructuredResult | undefined; check: OutputCheck }) {
  if (!structured && check.status !== 'missing') return null;
  return (
    <details open className="structured">
      <summary>
        Structured content <OutputCheckBadge check={check} />
      </summary>
      {check.status === 'invalid' && (
        <div role="alert" className="output-mismatch">
          <strong>Does not match the tool’s output schema:</strong>
          <ul>
            {check.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      )}
      {check.status === 'missing' && (
        <p role="alert" className="output-mismatch">
          The tool declares an output schema but returned no structured content.
        </p>
      )}
      {structured?.truncated ? (
        <TextView text={structured.preview ?? ''} truncated={structured.truncated} />
      ) : structured ? (
        <JsonView value={structured.value} />
      ) : null}
    </details>
  );
}

function OutputCheckBadge({ check }: { check: OutputCheck }) {
  switch (check.status) {
    case 'valid':
      return <span className="badge badge-ok">matches the output schema</span>;
    case 'invalid':
      return <span className="badge badge-destructive">does not match the output schema</span>;
    case 'missing':
      return <span className="badge badge-destructive">missing</span>;
    default:
      return <span className="muted">({check.reason.replace(/\.$/, '').toLowerCase()})</span>;
  }
}

function shortType(mimeType: string): string {
  return mimeType.replace(/^image\//, '').replace('svg+xml', 'SVG').toUpperCase();
}
