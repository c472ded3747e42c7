/** How a connection's protocol is shown: the version, its era, and how the era was settled. */
import type { ServerView } from '../../../shared/domain';

const SOURCES: Record<NonNullable<ServerView['protocolSource']>, string> = {
  detected: 'detected',
  remembered: 'as detected before',
  configured: 'as set',
};

/** "2026-07-28 (2026 era, detected)"; undefined before a connection agreed on one. */
export function protocolLabel(server: Pick<ServerView, 'protocolVersion' | 'protocolEra' | 'protocolSource'>): string | undefined {
  if (!server.protocolVersion) return undefined;
  const parts = [server.protocolEra === 'modern' ? '2026 era' : server.protocolEra === 'legacy' ? '2025 era' : undefined, server.protocolSource ? SOURCES[server.protocolSource] : undefined];
  const detail = parts.filter(Boolean).join(', ');
  return detail ? `${server.protocolVersion} (${detail})` : server.protocolVersion;
}
