/**
 * ui/download-file: a file the app offers, saved only after the user agrees. The desktop
 * app asks where with its save dialog (saveAppDownload); browser mode downloads it the
 * way the page downloads any file. A link among the contents goes through the guarded
 * opener instead.
 */
import type { AppApi } from '../../../../shared/api';
import { openAppLink } from './app-links';

export interface DownloadOffer {
  contents: readonly unknown[];
}

interface FileToSave {
  name: string;
  mimeType: string;
  base64: string;
}

/** What the offer holds, as the prompt shows it. */
export function describeOffer(offer: DownloadOffer): string[] {
  return offer.contents.map((item) => {
    const file = fileOf(item);
    if (file) return `${file.name} (${file.mimeType}, ${base64Bytes(file.base64)} bytes)`;
    const link = item as { type?: unknown; uri?: unknown };
    return link.type === 'resource_link' ? `link ${String(link.uri)}` : 'something that is not a file';
  });
}

export async function handleDownload(api: AppApi, offer: DownloadOffer): Promise<{ ok: boolean; message: string }> {
  const done: string[] = [];
  for (const item of offer.contents) {
    const file = fileOf(item);
    if (file) {
      const saved = await api.saveAppDownload(file).catch((error: Error) => ({ saved: false as const, reason: error.message }));
      if (saved.saved) done.push(`Saved ${saved.path}`);
      else if (saved.reason === 'unsupported') {
        downloadInPage(file);
        done.push(`Downloaded ${file.name}`);
      } else done.push(`Not saved: ${file.name} (${saved.reason})`);
      continue;
    }
    const link = item as { type?: unknown; uri?: unknown };
    if (link.type === 'resource_link') {
      const opened = await openAppLink(api, link.uri);
      done.push(opened.ok ? `Opened ${String(link.uri)}` : `Refused to open ${String(link.uri)}: ${opened.reason}`);
    } else done.push('Skipped an entry that is not a file');
  }
  return { ok: done.length > 0 && done.every((line) => line.startsWith('Saved') || line.startsWith('Downloaded') || line.startsWith('Opened')), message: done.join('; ') || 'Nothing to download.' };
}

function fileOf(item: unknown): FileToSave | undefined {
  const entry = item as { type?: unknown; resource?: { uri?: unknown; mimeType?: unknown; text?: unknown; blob?: unknown } };
  if (entry?.type !== 'resource' || !entry.resource) return undefined;
  const { uri, mimeType, text, blob } = entry.resource;
  const name = nameOf(typeof uri === 'string' ? uri : '');
  const type = typeof mimeType === 'string' ? mimeType : 'application/octet-stream';
  if (typeof blob === 'string') return { name, mimeType: type, base64: blob };
  if (typeof text === 'string') return { name, mimeType: type, base64: utf8Base64(text) };
  return undefined;
}

/** The last path segment of the URI, kept to safe characters. */
function nameOf(uri: string): string {
  const last = uri.split(/[/\\]/).pop() ?? '';
  const clean = last.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '').slice(0, 120);
  return clean || 'download';
}

function base64Bytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}

function utf8Base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function downloadInPage(file: FileToSave): void {
  const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
