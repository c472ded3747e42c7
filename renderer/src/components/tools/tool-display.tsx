/** Small pieces every view of a tool shares: its display name, badges, icon, copy button. */
import { Ban, Eye, Globe, Info, ListTodo, Repeat, Trash, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import type { ToolIcon as Icon, ToolInfo } from '../../../../shared/domain';
import { usePageTheme } from '../../theme/page-theme';
import './tool-display.css';

/** The name model clients show: annotations.title, then title, then name. */
export function displayName(tool: ToolInfo): string {
  return tool.annotations?.title || tool.title || tool.name;
}

export interface Badge {
  key: string;
  label: string;
  title: string;
}

export function badgesOf(tool: ToolInfo): Badge[] {
  const a = tool.annotations ?? {};
  const badges: Badge[] = [];
  if (a.readOnlyHint) badges.push({ key: 'read-only', label: 'read-only', title: 'Does not change anything; runs without asking' });
  if (a.destructiveHint === true) badges.push({ key: 'destructive', label: 'destructive', title: 'May delete or overwrite things' });
  if (a.idempotentHint) badges.push({ key: 'idempotent', label: 'idempotent', title: 'Running it twice with the same arguments does no more than once' });
  if (a.openWorldHint) badges.push({ key: 'open-world', label: 'open world', title: 'Reaches outside systems (the web, other services)' });
  if (tool.execution?.taskSupport === 'required') badges.push({ key: 'needs-tasks', label: 'needs tasks', title: 'Runs only as a task, which MCP Workbench cannot start yet' });
  if (tool.excludedReason) badges.push({ key: 'excluded', label: 'not callable', title: excludedNote(tool.excludedReason) });
  return badges;
}

/** Why a tool whose x-mcp-header annotations break SEP-2243 cannot be called. */
export function excludedNote(reason: string): string {
  return `Cannot be called: its x-mcp-header annotations break the MCP 2026-07-28 rules for HTTP headers (${reason}), so clients leave it out.`;
}

const BADGE_ICONS: Record<string, LucideIcon> = {
  'read-only': Eye,
  destructive: Trash,
  idempotent: Repeat,
  'open-world': Globe,
  'needs-tasks': ListTodo,
  excluded: Ban,
};

/**
 * A tool's annotations. In words where there is room (the tool panel, a permission
 * prompt); `compact` (the tool list's rows): one small icon each, its words in its
 * accessible name and tooltip, so the badges never cut into the tool's name.
 */
export function ToolBadges({ tool, compact = false }: { tool: ToolInfo; compact?: boolean }) {
  const badges = badgesOf(tool);
  if (badges.length === 0) return null;
  if (compact) {
    return (
      <span className="badge-icons">
        {badges.map((badge) => {
          const Icon = BADGE_ICONS[badge.key] ?? Info;
          return (
            <span key={badge.key} className={`badge-icon badge-${badge.key}`} role="img" aria-label={badge.label} title={`${badge.label}: ${badge.title}`}>
              <Icon size={13} aria-hidden="true" />
            </span>
          );
        })}
      </span>
    );
  }
  return (
    <span className="badges">
      {badges.map((badge) => (
        <span key={badge.key} className={`badge badge-${badge.key}`} title={badge.title}>
          {badge.label}
        </span>
      ))}
    </span>
  );
}

const IMAGE_TYPES = /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i;

/**
 * The tool's icon, when the server gives one as a `data:` URL. Remote icons are not
 * fetched: the page's CSP allows images only from the app and `data:`, and fetching
 * them would tell a third party when you look at a tool (see README).
 */
export function pickIcon(icons: readonly Icon[] | undefined, dark: boolean): Icon | undefined {
  const usable = (icons ?? []).filter((icon) => IMAGE_TYPES.test(icon.src) && icon.src.length < 256 * 1024);
  return usable.find((icon) => icon.theme === (dark ? 'dark' : 'light')) ?? usable.find((icon) => !icon.theme) ?? usable[0];
}

export function ToolIcon({ tool, size = 16 }: { tool: ToolInfo; size?: number }) {
  const dark = usePageTheme() === 'dark';
  // Most tools have no icon: nothing to pick from.
  const icon = tool.icons?.length ? pickIcon(tool.icons, dark) : undefined;
  // No slot for a missing icon: it would indent every row of a server without icons.
  if (!icon) return null;
  return <img className="tool-icon" src={icon.src} alt="" width={size} height={size} />;
}

/** Copies text; falls back to a hidden textarea where the clipboard API is refused (Electron denies permissions). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.className = 'visually-hidden';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <button
      type="button"
      className="copy-button"
      aria-label={label}
      onClick={() =>
        void copyText(text).then((ok) => {
          setState(ok ? 'copied' : 'failed');
          setTimeout(() => setState('idle'), 1500);
        })
      }
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}
    </button>
  );
}

/** Model clients cut tool descriptions here (OpenAPI-generated servers send 15–60 KB). */
export const DESCRIPTION_LIMIT = 2048;

export function ToolDescription({ description }: { description: string }) {
  const [shownFor, setShownFor] = useState<string | undefined>(undefined);
  // "Show all" belongs to one description; another tool starts cut again.
  const all = shownFor === description;
  const setAll = (on: boolean) => setShownFor(on ? description : undefined);
  const long = description.length > DESCRIPTION_LIMIT;
  return (
    <div className="description">
      <p className="description-text">{all || !long ? description : `${description.slice(0, DESCRIPTION_LIMIT)}…`}</p>
      {long && (
        <p className="description-note muted">
          {description.length.toLocaleString()} characters. Model clients such as Claude Code cut tool descriptions at {DESCRIPTION_LIMIT.toLocaleString()}
          {all ? '; everything after that is never seen by the model.' : '; the model sees only the part above.'}{' '}
          <button type="button" className="link-button" onClick={() => setAll(!all)} aria-expanded={all}>
            {all ? 'Show less' : 'Show all'}
          </button>
        </p>
      )}
    </div>
  );
}
