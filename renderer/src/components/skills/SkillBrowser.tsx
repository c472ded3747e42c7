/**
 * A server's Skills tab (the MCP Skills extension): its skills (every page), each with its
 * files, size and verification badge, and the entries the listing refused with their
 * reasons; the selected skill's SKILL.md rendered beside its frontmatter, its file tree with
 * each file viewable, and Verify / Verify all with a result per file. A file that does not
 * match the skill's entry is named with its reason and nothing of it is shown.
 */
import { useEffect } from 'react';
import type { InvalidSkillEntry, SkillInfo } from '../../../../shared/api/skills';
import type { ServerView } from '../../../../shared/domain';
import type { SkillVerificationState, SkillView } from '../../state/skills-slice';
import { useWorkbench } from '../../state/store';
import { LoadingNote } from '../LoadingNote';
import { SafeName } from '../names/SafeName';
import { formatBytes } from '../tools/format';
import { SkillDetail } from './SkillDetail';
import '../item-browser.css';
import './skills.css';

const EMPTY_VIEW: SkillView = { verifications: {} };

export function SkillBrowser({ server }: { server: ServerView }) {
  const entry = useWorkbench((s) => s.skillsByServer[server.name]);
  const view = useWorkbench((s) => s.skillViews[server.name]) ?? EMPTY_VIEW;
  const load = useWorkbench((s) => s.loadSkills);
  const cancel = useWorkbench((s) => s.cancelSkillsLoad);
  const select = useWorkbench((s) => s.selectSkill);
  const verifyAll = useWorkbench((s) => s.verifyAllSkills);
  const connected = server.status === 'connected';

  useEffect(() => {
    if (connected && !entry) void load(server.name);
  }, [connected, entry, load, server.name]);
  // Leaving the tab or the server cancels the listing it was still waiting for.
  useEffect(() => () => cancel(server.name, 'left'), [cancel, server.name]);

  if (!connected) return <p className="empty">Connect {server.name} to see its skills.</p>;
  if (!entry || (entry.status === 'loading' && !entry.catalog)) return <LoadingNote what="skills" onCancel={() => cancel(server.name, 'cancelled')} />;
  if (entry.status === 'error' || !entry.catalog) {
    return (
      <div role="alert" className="error-text">
        <p>Could not list skills: {entry.error}</p>
        <button type="button" onClick={() => void load(server.name, true)}>
          Try again
        </button>
      </div>
    );
  }
  const catalog = entry.catalog;
  if (!catalog.supported) {
    return <p className="empty">{server.name} publishes no skills (it does not declare the skills extension, io.modelcontextprotocol/skills).</p>;
  }
  const skill = catalog.skills.find((s) => s.uri === view.selected);

  return (
    <div className="split">
      <section className="split-list" aria-label="Skill list">
        <div className="list-toolbar">
          <h3>
            Skills <span className="muted">({catalog.skills.length})</span>
          </h3>
          <button type="button" onClick={() => void verifyAll(server.name)} disabled={view.verifyingAll === true || catalog.skills.length === 0}>
            {view.verifyingAll ? 'Verifying…' : 'Verify all'}
          </button>
          <button type="button" onClick={() => void load(server.name, true)} disabled={entry.status === 'loading'}>
            {entry.status === 'loading' ? 'Refreshing…' : 'Refresh'}
          </button>
        </div>
        {catalog.skills.length === 0 && <p className="empty">{server.name} lists no skills{catalog.invalid.length > 0 ? ' it can use' : ''}.</p>}
        <ul className="item-list" aria-label="Skills">
          {catalog.skills.map((s) => (
            <li key={s.uri}>
              <button
                type="button"
                className={`list-item${s.uri === view.selected ? ' selected' : ''}`}
                aria-current={s.uri === view.selected}
                onClick={() => void select(server.name, s.uri)}
              >
                <span className="item-name">
                  <SafeName text={s.sharedName && s.prefix ? `${s.prefix}/${s.name}` : s.name} />
                  <VerificationBadge state={view.verifications[s.uri]} />
                </span>
                <span className="item-detail">{s.description}</span>
                <span className="item-detail">{filesSummary(s)}</span>
              </button>
            </li>
          ))}
        </ul>
        {catalog.invalid.length > 0 && <RefusedEntries entries={catalog.invalid} />}
      </section>
      <section className="split-detail" aria-label="Skill">
        {skill ? (
          <SkillDetail server={server.name} skill={skill} view={view} />
        ) : (
          <p className="empty">{view.selected ? 'That skill is no longer listed.' : 'Select a skill to read its SKILL.md and files.'}</p>
        )}
      </section>
    </div>
  );
}

function filesSummary(skill: SkillInfo): string {
  if (skill.files === 'dynamic') return 'Dynamic files (nothing published to verify against)';
  return `${skill.files.length} ${skill.files.length === 1 ? 'file' : 'files'} · ${formatBytes(skill.totalBytes ?? 0)}`;
}

/** Verified / Failed / Not verifiable / Verifying…, or nothing before a verification. */
export function VerificationBadge({ state }: { state: SkillVerificationState | undefined }) {
  if (!state) return null;
  if (state.status === 'running') return <span className="badge">Verifying…</span>;
  if (state.status === 'error') return <span className="badge skill-badge-failed">Not verified</span>;
  const status = state.result!.status;
  if (status === 'verified') return <span className="badge skill-badge-verified">Verified</span>;
  if (status === 'failed') return <span className="badge skill-badge-failed">Failed</span>;
  return <span className="badge">Not verifiable</span>;
}

function RefusedEntries({ entries }: { entries: InvalidSkillEntry[] }) {
  return (
    <section className="skill-refused" aria-label="Refused entries">
      <h3>
        Refused entries <span className="muted">({entries.length})</span>
      </h3>
      <p className="muted">The server listed these, but they break the extension's rules: no host uses them.</p>
      <ul>
        {entries.map((entry) => (
          <li key={entry.index}>
            <code className="uri">{entry.uri ?? `#${entry.index} (no uri)`}</code>
            <span className="error-text"> {entry.reason}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
