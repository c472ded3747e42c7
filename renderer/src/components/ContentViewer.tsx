/**
 * Shows one piece of content (a resource's contents, a prompt message): text, JSON
 * pretty-printed, images, audio, binary content as a download, embedded resources
 * (with what they hold) and links to resources.
 */
import { parseJsonText, type ContentView } from '../../../shared/content-view';
import { formatBytes } from './tools/format';
import './ContentViewer.css';
import { saveFile } from './save-file';

interface Props {
  content: ContentView;
  /** Opens a linked or embedded resource in the server's Resources tab. */
  onOpenResource?: (uri: string) => void;
  /** The resource this content came from: names a download. */
  uri?: string;
}

export function ContentViewer({ content, onOpenResource, uri }: Props) {
  switch (content.kind) {
    case 'text': {
      const json = parseJsonText(content.text, content.mimeType);
      return json === undefined ? (
        <pre className="text-block" data-content="text">
          {content.text}
        </pre>
      ) : (
        <pre className="json" data-content="json">
          {JSON.stringify(json, null, 2)}
        </pre>
      );
    }
    case 'image':
      return (
        <figure className="content-image" data-content="image">
          <img className="image-block" src={`data:${content.mimeType};base64,${content.data}`} alt={`Image (${content.mimeType})`} />
          {content.note && <figcaption className="muted">{content.note}</figcaption>}
        </figure>
      );
    case 'audio':
      return <audio controls src={`data:${content.mimeType};base64,${content.data}`} aria-label={`Audio (${content.mimeType})`} data-content="audio" />;
    case 'binary':
      return <BinaryContent mimeType={content.mimeType} data={content.data} size={content.size} fileName={fileNameOf(uri)} />;
    case 'resource':
      return (
        <div className="embedded-resource" data-content="resource">
          <div className="embedded-header">
            <code className="uri">{content.uri}</code>
            {content.mimeType && <span className="muted"> · {content.mimeType}</span>}
            {onOpenResource && (
              <button type="button" className="link-button" onClick={() => onOpenResource(content.uri)}>
                Open in Resources
              </button>
            )}
          </div>
          <ContentViewer content={content.content} uri={content.uri} {...(onOpenResource ? { onOpenResource } : {})} />
        </div>
      );
    case 'resource-link':
      return (
        <div className="resource-link" data-content="resource-link">
          <span>
            Link to a resource: <strong>{content.title ?? content.name ?? content.uri}</strong> <code className="uri">{content.uri}</code>
            {content.mimeType && <span className="muted"> · {content.mimeType}</span>}
          </span>
          {content.description && <p className="muted">{content.description}</p>}
          {onOpenResource && (
            <button type="button" className="link-button" onClick={() => onOpenResource(content.uri)}>
              Open in Resources
            </button>
          )}
        </div>
      );
    case 'other':
      return (
        <pre className="json" data-content="other">
          {JSON.stringify(content.value, null, 2)}
        </pre>
      );
  }
}

/** Bytes the page cannot show: their size and type, a Download button, and the text when it is text. */
function BinaryContent({ mimeType, data, size, fileName }: { mimeType?: string | undefined; data: string; size: number; fileName: string }) {
  const text = mimeType && /^text\/|json|xml/i.test(mimeType) ? decodeText(data) : undefined;
  return (
    <div className="binary-content" data-content="binary">
      <p>
        Binary content, {formatBytes(size)}
        {mimeType ? ` (${mimeType})` : ''}.{' '}
        <button type="button" onClick={() => saveFile(base64ToBytes(data), fileName, mimeType ?? 'application/octet-stream')}>
          Download
        </button>
      </p>
      {text !== undefined && <pre className="text-block">{text}</pre>}
    </div>
  );
}

function decodeText(base64: string): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(base64ToBytes(base64));
  } catch {
    return undefined;
  }
}

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The last segment of the URI's path, made safe as a file name; "resource.bin" when there is none. */
function fileNameOf(uri: string | undefined): string {
  const path = uri?.split(/[?#]/)[0] ?? '';
  let last = path.split('/').filter(Boolean).at(-1) ?? '';
  try {
    last = decodeURIComponent(last);
  } catch {
    // Keep it encoded.
  }
  const safe = last.replace(/[^\w.@()+-]+/g, '_').replace(/^\.+/, '').slice(0, 120);
  return safe && !/^[a-z][a-z0-9+.-]*:$/i.test(last) ? safe : 'resource.bin';
}
