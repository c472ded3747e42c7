/**
 * One skill in the Skills tab: its header (name, URI, description, Verify), the result of
 * its verification file by file, its SKILL.md rendered as markdown beside its frontmatter,
 * and its files, each opened on click: text as text, an image through the app's image
 * pipeline, anything else as its size and digest. A file that fails its check is named
 * with its reason and not shown.
 */
import { lazy, Suspense } from 'react';
import type { SkillFileRead, SkillInfo } from '../../../../shared/api/skills';
import type { SkillReadState, SkillView } from '../../state/skills-slice';
import { useWorkbench } from '../../state/store';
import { ContentViewer } from '../ContentViewer';
import { SafeName } from '../names/SafeName';
import { formatBytes } from '../tools/format';
import { VerificationBadge } from './SkillBrowser';

const SkillMarkdown = lazy(() => import('./SkillMarkdown'));

export function SkillDetail({ server, skill, view }: { server: string; skill: SkillInfo; view: SkillView }) {
  const verify = useWorkbench((s) => s.verifySkill);
  const open = useWorkbench((s) => s.openSkillFile);
  const verification = view.verifications[skill.uri];
  const manifest = view.manifest?.uri === skill.uri ? view.manifest : undefined;

  return (
    <>
      <header className="detail-header">
        <h3>
          <SafeName text={skill.name} />
          <VerificationBadge state={verification} />
        </h3>
        <code className="uri">{skill.uri}</code>
        <p className="description">{skill.description}</p>
        <button type="button" onClick={() => void verify(server, skill.uri)} disabled={verification?.status === 'running'}>
          {verification?.status === 'running' ? 'Verifying…' : 'Verify'}
        </button>
        {skill.limitNotes.map((note) => (
          <p key={note} className="muted">
            {note}
          </p>
        ))}
      </header>
      {verification?.status === 'error' && (
        <div role="alert" className="request-error">
          <strong>Could not verify the skill</strong>
          <p>{verification.error}</p>
        </div>
      )}
      {verification?.result && (
        <section className="skill-verification" aria-label="Verification">
          <ul>
            {verification.result.files.map((file) => (
              <li key={file.uri} data-status={file.status}>
                <span className={file.status === 'failed' ? 'error-text' : file.status === 'verified' ? 'skill-ok' : 'muted'}>
                  {file.status === 'verified' ? '✓' : file.status === 'failed' ? '✗' : '–'} {file.path}
                </span>
                {file.failure && (
                  <span className="error-text">
                    {' '}
                    {file.failure.reason}: {file.failure.message}
                  </span>
                )}
              </li>
            ))}
          </ul>
          {verification.result.notes.map((note) => (
            <p key={note} className="muted">
              {note}
            </p>
          ))}
        </section>
      )}
      <section className="skill-manifest" aria-label="SKILL.md">
        {!manifest || manifest.status === 'loading' ? (
          <p className="empty">Reading SKILL.md…</p>
        ) : manifest.status === 'error' ? (
          <div role="alert" className="request-error">
            <strong>Could not read SKILL.md</strong>
            <p>{manifest.error}</p>
          </div>
        ) : manifest.result!.status === 'failed' ? (
          <FileFailure read={manifest.result!} />
        ) : (
          <div className="skill-manifest-body">
            <Suspense fallback={<p className="muted">Rendering…</p>}>
              <SkillMarkdown text={manifest.result!.body ?? ''} />
            </Suspense>
            <Frontmatter values={manifest.result!.frontmatter ?? skill.frontmatter} />
          </div>
        )}
      </section>
      <section className="skill-files" aria-label="Files">
        <h3>Files</h3>
        {skill.files === 'dynamic' ? (
          <p className="muted">This skill's files are generated: the server publishes no list and no digests, so nothing can be verified.</p>
        ) : (
          <ul className="skill-file-list">
            {skill.files.map((file) => (
              <li key={file.uri}>
                <button type="button" className={`link-button${view.file?.uri === file.uri ? ' selected' : ''}`} aria-current={view.file?.uri === file.uri} onClick={() => void open(server, file.uri)}>
                  {file.path}
                </button>
                <span className="muted"> {formatBytes(file.size)}</span>
                <code className="uri muted skill-digest">{file.digest}</code>
              </li>
            ))}
          </ul>
        )}
        {view.file && <FileView state={view.file} />}
      </section>
    </>
  );
}

function Frontmatter({ values }: { values: Record<string, unknown> }) {
  return (
    <aside className="skill-frontmatter" aria-label="Frontmatter">
      <h4>Frontmatter</h4>
      <dl>
        {Object.entries(values).map(([key, value]) => (
          <div key={key}>
            <dt>{key}</dt>
            <dd>{typeof value === 'string' ? value : <code>{JSON.stringify(value)}</code>}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}

function FileFailure({ read }: { read: SkillFileRead }) {
  return (
    <div role="alert" className="request-error" data-testid="skill-file-failed">
      <strong>
        {read.path} does not match the skill's entry ({read.failure!.reason})
      </strong>
      <p>{read.failure!.message}</p>
      {read.failure!.differences?.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p>Nothing of the file is shown.</p>
    </div>
  );
}

function FileView({ state }: { state: SkillReadState }) {
  if (state.status === 'loading') return <p className="empty">Reading {state.uri}…</p>;
  if (state.status === 'error') {
    return (
      <div role="alert" className="request-error">
        <strong>Could not read {state.uri}</strong>
        <p>{state.error}</p>
      </div>
    );
  }
  const read = state.result!;
  if (read.status === 'failed') return <FileFailure read={read} />;
  return (
    <section className="skill-file" aria-label={`File ${read.path}`}>
      <p className="muted">
        {read.path} · {read.mimeType ?? 'no type'} · {formatBytes(read.size ?? 0)} · {read.status === 'verified' ? 'verified against the entry' : 'not verifiable (dynamic skill)'}
      </p>
      {read.content?.kind === 'text' && (
        <>
          <pre className="text-block">{read.content.text}</pre>
          {read.content.cut && <p className="muted">Only the first part is shown.</p>}
        </>
      )}
      {read.content?.kind === 'image' && <ContentViewer content={{ kind: 'image', mimeType: read.content.mimeType, data: read.content.data, ...(read.content.note ? { note: read.content.note } : {}) }} />}
      {read.content?.kind === 'binary' && (
        <p>
          Binary file: {formatBytes(read.size ?? 0)}, <code className="uri">{read.digest}</code>
        </p>
      )}
    </section>
  );
}
