/** ui/open-link: only through the guarded opener (clean http(s) URLs), like every link that leaves the app. */
import type { AppApi } from '../../../../shared/api';
import { checkExternalUrl } from '../../../../shared/external-url';

export async function openAppLink(api: AppApi, url: unknown): Promise<{ ok: true } | { ok: false; reason: string }> {
  const verdict = checkExternalUrl(url);
  if (!verdict.ok) return { ok: false, reason: verdict.reason };
  try {
    const { opened } = await api.openExternalUrl({ url: String(url) });
    if (!opened) window.open(String(url), '_blank', 'noopener,noreferrer');
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
}
