/**
 * No dead style rules: every class the renderer's style sheets name is written somewhere
 * in its source, or is one of the names below that the source builds at run time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { unusedClasses } from '../scripts/lib/css-class-usage.mjs';

/** Classes built from a value (`status-${status}`): each one the style sheets give a look. */
const BUILT_AT_RUN_TIME = [
  // StatusBadge: status-${status}
  'status-connected',
  'status-pending',
  'status-needs-auth',
  'status-failed',
  'status-disabled',
  // ScopeBadge: scope-${scope}
  'scope-user',
  'scope-project',
  'scope-local',
  // ProtocolLogView: log-${entry.kind}
  'log-error',
  'log-noise',
  'log-event',
  // tool-display: badge-${badge.key}
  'badge-read-only',
  'badge-open-world',
  'badge-needs-tasks',
  'badge-excluded',
  // JsonTree: json-${typeof value}
  'json-string',
  'json-number',
  'json-boolean',
  'json-null',
  // HistoryDialog: outcome-${entry.outcome}
  'outcome-tool-error',
  'outcome-failed',
  // ProjectApproval: approval-${approval.decision}
  'approval-denied',
  // OAuthView: oauth-${entry.kind}
  'oauth-http',
  'oauth-error',
  // ContractChanges: change-${change.kind}
  'change-breaking',
  // Conversation: message-${message.role}
  'message-assistant',
  // ServerConsole: console-${entry.source} level-${entry.level}
  'console-stderr',
  'console-event',
  'level-warning',
  'level-notice',
  'level-error',
  'level-critical',
  'level-alert',
  'level-emergency',
  // FindingList: doctor-${severity}; DoctorBadge: doctor-badge-${kind}
  'doctor-error',
  'doctor-warning',
  'doctor-badge-error',
  'doctor-badge-warning',
  'doctor-badge-ok',
  // TasksView: task-${task.status}
  'task-completed',
  'task-failed',
  'task-expired',
  'task-unknown',
  'task-input_required',
  // AppView: mode-${mode}
  'mode-fullscreen',
  'mode-pip',
  // RunView: verdict-${state} / verdict-${step.status}
  'verdict-passed',
  'verdict-failed',
  'verdict-error',
  'verdict-skipped',
  'verdict-running',
  // ConformanceSection: conformance-${scenario.status}
  'conformance-passed',
  'conformance-failed',
  'conformance-no-checks',
  // LoadView: load-status-${run.status}
  'load-status-failed',
  'load-status-all-clients-lost',
  // SkillMarkdown: align-${align} (a table cell's alignment)
  'align-right',
  'align-center',
];

const rendererSrc = path.resolve(import.meta.dirname, '../renderer/src');

describe('style sheet classes', () => {
  const usage = unusedClasses(rendererSrc, BUILT_AT_RUN_TIME);

  it('are all used by the renderer', () => {
    // Each entry names the sheet and selectors to delete (or the class to add to the list above).
    expect(usage.unused).toEqual([]);
  });

  it('built at run time are still defined and still built', () => {
    expect(usage.staleDynamic).toEqual([]);
  });
});

describe('unusedClasses', () => {
  let dir = '';
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('finds a class no source writes, and accepts names written or built', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'css-usage-'));
    fs.mkdirSync(path.join(dir, 'part'));
    fs.writeFileSync(
      path.join(dir, 'part', 'part.css'),
      '.used, .dead > p { color: red; }\n.kind-big .used:hover { color: blue; }\n@media (min-width: 1.5em) { .also-dead { margin: 0; } }\n[data-x="a.b"] { color: green; }\n',
    );
    fs.writeFileSync(path.join(dir, 'part', 'Part.tsx'), 'export const Part = ({ kind }: { kind: string }) => <p className={`used kind-${kind}`}>dead</p>;\n');
    // A test that names a class does not keep it alive.
    fs.writeFileSync(path.join(dir, 'part', 'Part.test.tsx'), "document.querySelector('.also-dead');\n");

    const result = unusedClasses(dir, ['kind-big', 'kind-gone', 'other-big']);
    expect(result.unused.map((entry) => entry.className).sort()).toEqual(['also-dead', 'dead']);
    expect(result.unused.find((entry) => entry.className === 'dead')).toEqual({ className: 'dead', file: path.join('part', 'part.css'), selectors: ['.used, .dead > p'] });
    // kind-gone is in no sheet; other-big is in none and no template builds other-*.
    expect(result.staleDynamic).toEqual(['kind-gone', 'other-big']);
  });
});
