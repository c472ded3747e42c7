/**
 * ui/open-link: only through the guarded opener (clean http(s) URLs), like every link that
 * leaves the app; the first link of an app's session asks the user whether this app may
 * open links at all, and even then at most a few open in a short time (LinkGate).
 */
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

/** At most this many links open within LINK_WINDOW_MS; more are refused. */
export const LINKS_PER_WINDOW = 3;
export const LINK_WINDOW_MS = 10_000;

/**
 * Whether an app may open links, for one app session: the first link asks the user once
 * (links asked for meanwhile wait for that answer); allowed, links open at most
 * LINKS_PER_WINDOW per LINK_WINDOW_MS; refused, every link is refused without asking again.
 */
export class LinkGate {
  private consent: Promise<boolean> | undefined;
  private readonly opened: number[] = [];

  constructor(
    private readonly askOnce: (url: string) => Promise<boolean>,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async admit(url: unknown): Promise<{ ok: true } | { ok: false; reason: string }> {
    const clean = checkExternalUrl(url);
    if (!clean.ok) return { ok: false, reason: clean.reason };
    this.consent ??= this.askOnce(String(url));
    if (!(await this.consent)) return { ok: false, reason: 'you did not allow this app to open links' };
    const now = this.now();
    while (this.opened.length > 0 && now - this.opened[0]! >= LINK_WINDOW_MS) this.opened.shift();
    if (this.opened.length >= LINKS_PER_WINDOW) return { ok: false, reason: `more than ${LINKS_PER_WINDOW} links in ${LINK_WINDOW_MS / 1000} s` };
    this.opened.push(now);
    return { ok: true };
  }
}
