/**
 * A server's Tasks tab: every task MCP Workbench knows of on it, newest first, with its
 * status, progress and status message, how long it has run, the result once it completed
 * (shown with the same result view as a tool call), Cancel while it runs, and Forget
 * once it ended. Tasks the server no longer knows are shown as expired or unknown.
 */
import { useEffect, useState } from 'react';
import './tasks.css';
import { isTerminalTask, type TaskView } from '../../../../shared/api/tasks';
import type { ServerView } from '../../../../shared/domain';
import { useWorkbench } from '../../state/store';
import { taskKey } from '../../state/tasks-slice';
import { ResultView } from '../ResultView';
import { formatDuration } from '../tools/format';

const STATUS_TEXT: Record<TaskView['status'], string> = {
  working: 'Working',
  input_required: 'Needs input',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
  expired: 'Expired',
  unknown: 'Unknown to the server',
};

export function TasksView({ server }: { server: ServerView }) {
  const state = useWorkbench((s) => s.tasksByServer[server.name]);
  const load = useWorkbench((s) => s.loadTasks);
  const name = server.name;
  const connected = server.status === 'connected';

  useEffect(() => {
    if (!state) void load(name);
  }, [state, load, name]);

  const tasks = state?.tasks ?? [];
  return (
    <div className="tasks-view">
      <div className="console-toolbar">
        <button type="button" onClick={() => void load(name)} disabled={state?.status === 'loading'}>
          {state?.status === 'loading' ? 'Refreshing…' : 'Refresh'}
        </button>
        {!connected && tasks.some((task) => !isTerminalTask(task.status)) && (
          <span className="muted">{name} is not connected: its running tasks are followed again once it is.</span>
        )}
      </div>
      {state?.error && (
        <p role="alert" className="error-text">
          {state.error}
        </p>
      )}
      {tasks.length === 0 ? (
        <p className="empty">
          No tasks yet. A tool that runs as a task (those marked as needing tasks, or any with <strong>Run as task</strong> on in the tool panel) shows up here, and stays
          here across reconnects and restarts while the server keeps it.
        </p>
      ) : (
        <ul className="task-list" aria-label={`Tasks of ${name}`}>
          {tasks.map((task) => (
            <TaskItem key={task.taskId} task={task} />
          ))}
        </ul>
      )}
    </div>
  );
}

function TaskItem({ task }: { task: TaskView }) {
  const key = taskKey(task.server, task.taskId);
  const result = useWorkbench((s) => s.taskResults[key]);
  const cancelling = useWorkbench((s) => s.cancellingTasks[key] === true);
  const cancel = useWorkbench((s) => s.cancelTask);
  const loadResult = useWorkbench((s) => s.loadTaskResult);
  const forget = useWorkbench((s) => s.forgetTask);
  const [showResult, setShowResult] = useState(false);
  const ended = isTerminalTask(task.status);
  const headingId = `task-${task.taskId}`;

  const toggleResult = () => {
    if (!showResult && !result) void loadResult(task.server, task.taskId);
    setShowResult(!showResult);
  };

  return (
    <li className="task-item" aria-labelledby={headingId} data-task={task.taskId} data-status={task.status}>
      <div className="task-head">
        <h3 id={headingId} className="task-title">
          {task.tool} <code className="muted task-id">{task.taskId}</code>
        </h3>
        <span className={`badge task-status task-${task.status}`} role="status" aria-label={`Status: ${STATUS_TEXT[task.status]}`}>
          {STATUS_TEXT[task.status]}
          {task.waiting && !ended ? ' (waiting for the server)' : ''}
        </span>
      </div>
      {!ended && <TaskProgress task={task} />}
      {task.statusMessage && <p className="task-message">{task.statusMessage}</p>}
      {task.error && (task.status === 'failed' || task.status === 'expired' || task.status === 'unknown' || task.waiting) && <p className="error-text">{task.error}</p>}
      <p className="muted task-elapsed">
        <Elapsed task={task} /> · {task.generation === 'v2' ? 'tasks extension (2026-07-28)' : 'tasks (2025-11-25)'}
      </p>
      <div className="task-actions">
        {!ended && (
          <button type="button" onClick={() => void cancel(task.server, task.taskId)} disabled={cancelling} aria-label={`Cancel task ${task.tool} ${task.taskId}`}>
            {cancelling ? 'Cancelling…' : 'Cancel'}
          </button>
        )}
        {task.status === 'completed' && (
          <button type="button" aria-expanded={showResult} onClick={toggleResult}>
            {showResult ? 'Hide result' : 'Show result'}
          </button>
        )}
        {ended && (
          <button type="button" onClick={() => void forget(task.server, task.taskId)} aria-label={`Forget task ${task.tool} ${task.taskId}`}>
            Forget
          </button>
        )}
      </div>
      {showResult && result?.status === 'loading' && <p className="muted">Fetching the result…</p>}
      {showResult && result?.status === 'error' && (
        <p role="alert" className="error-text">
          {result.error}
        </p>
      )}
      {showResult && result?.result && <ResultView result={result.result} />}
    </li>
  );
}

function TaskProgress({ task }: { task: TaskView }) {
  const progress = task.progress;
  return progress?.total !== undefined ? (
    <progress value={progress.progress} max={progress.total} aria-label={`Progress of ${task.tool}`} />
  ) : (
    <progress aria-label={`Progress of ${task.tool}`} />
  );
}

/** Time since the task started, ticking while it runs. */
function Elapsed({ task }: { task: TaskView }) {
  const ended = isTerminalTask(task.status);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (ended) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [ended]);
  const until = task.endedAt ?? (ended ? now : now);
  return <>{ended ? 'took' : 'running for'} {formatDuration(Math.max(0, until - task.startedAt))}</>;
}
