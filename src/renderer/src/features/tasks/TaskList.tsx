import { useEffect, useState, type FormEvent } from 'react';
import type { TaskView } from '../../../../shared/domain';
import { messageOf } from '../../lib/errors';
import { useAgentsStore } from '../../stores/useAgentsStore';
import { useAppStore } from '../../stores/useAppStore';
import { useNeedsOwner } from '../../stores/useAttentionStore';
import { useTasksStore } from '../../stores/useTasksStore';
import { ConversationList } from '../conversation/ConversationList';
import { FolderField } from '../setup/FolderField';

const STATUS_WORDS: Record<TaskView['status'], string> = {
  working: 'working',
  waiting: 'waiting on a card',
  done: 'done',
  failed: 'failed',
  archived: 'archived',
};

/** Tasks grouped under their repository (issue 34): each with its status and its diff stat against the base. */
export function TaskList() {
  const tasks = useTasksStore((state) => state.tasks);
  const needs = useNeedsOwner();
  const load = useTasksStore((state) => state.load);
  const selectedId = useAgentsStore((state) => state.selectedId);
  const select = useAgentsStore((state) => state.select);
  const setView = useAppStore((state) => state.setView);
  const showError = useAppStore((state) => state.showError);
  const [creating, setCreating] = useState(false);
  useEffect(() => {
    void load().catch((reason: unknown) => showError(messageOf(reason)));
  }, [load, showError]);

  const byRepository = new Map<string, TaskView[]>();
  for (const task of tasks) byRepository.set(task.repository, [...(byRepository.get(task.repository) ?? []), task]);

  return (
    <div className="sidebar-section task-section">
      <div className="sidebar-heading">
        <span>Tasks</span>
        <button
          type="button"
          className="icon-button"
          aria-label="New task"
          title="New task: a branch in a worktree of its own"
          onClick={() => setCreating(true)}
        >
          +
        </button>
      </div>
      {creating && <NewTaskForm onDone={() => setCreating(false)} />}
      {[...byRepository].map(([repository, group]) => (
        <div key={repository} className="task-group" role="group" aria-label={`Tasks of ${repository}`}>
          <div className="task-repository" title={repository}>
            {repository}
          </div>
          <ul className="task-list">
            {group.map((task) => (
              <li key={task.id}>
                <button
                  type="button"
                  className={`agent-item task-item ${task.agentId === selectedId ? 'selected' : ''}`}
                  disabled={!task.agentId || task.state === 'archived'}
                  onClick={() => {
                    if (!task.agentId) return;
                    select(task.agentId);
                    setView('agent');
                  }}
                  aria-label={`Task ${task.name}`}
                >
                  <span className="agent-name">{task.name}</span>
                  <span className="agent-meta">
                    <span className={`task-status task-${task.status}`}>{STATUS_WORDS[task.status]}</span>
                    {task.diffStat && (
                      <span className="task-diffstat">
                        {' '}
                        · {task.diffStat.files} {task.diffStat.files === 1 ? 'file' : 'files'}{' '}
                        <span className="added">+{task.diffStat.additions}</span>{' '}
                        <span className="removed">−{task.diffStat.deletions}</span>
                      </span>
                    )}
                  </span>
                  <span className="agent-dir">
                    {task.branch} from {task.base}
                  </span>
                </button>
                {task.agentId && task.agentId === selectedId && (
                  <ConversationList agentId={task.agentId} needs={needs.byConversation} />
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

function NewTaskForm({ onDone }: { onDone(): void }) {
  const agents = useAgentsStore((state) => state.agents);
  const selectedId = useAgentsStore((state) => state.selectedId);
  const tasks = useTasksStore((state) => state.tasks);
  const start = useTasksStore((state) => state.start);
  const select = useAgentsStore((state) => state.select);
  const taskAgents = new Set(tasks.map((task) => task.agentId));
  const sources = agents.filter((agent) => agent.workspace && !taskAgents.has(agent.id));
  const [from, setFrom] = useState(sources.find((agent) => agent.id === selectedId)?.id ?? sources[0]?.id ?? '');
  const [name, setName] = useState('');
  const [base, setBase] = useState('');
  const [folder, setFolder] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const task = await start({
        fromAgentId: from,
        name: name.trim(),
        ...(base.trim() ? { base: base.trim() } : {}),
        ...(folder.trim() ? { folder: folder.trim() } : {}),
      });
      await useAgentsStore.getState().load();
      if (task.agentId) select(task.agentId);
      onDone();
    } catch (reason) {
      setError(messageOf(reason));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="new-agent new-task" aria-label="New task" onSubmit={(event) => void submit(event)}>
      <label>
        From
        <select value={from} onChange={(event) => setFrom(event.target.value)} aria-label="Copy settings from">
          {sources.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name} — {agent.workspace?.directory}
            </option>
          ))}
        </select>
      </label>
      <label>
        Name
        <input
          autoFocus
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="fix-login"
          required
        />
      </label>
      <label>
        Base branch
        <input value={base} onChange={(event) => setBase(event.target.value)} placeholder="the current branch" />
      </label>
      <label htmlFor="new-task-folder">Worktree folder</label>
      <FolderField
        id="new-task-folder"
        value={folder}
        onChange={setFolder}
        purpose="worktrees"
        placeholder="Paddock's worktrees folder"
        describedBy="new-task-folder-hint"
        onError={setError}
      />
      <p id="new-task-folder-hint" className="hint">
        {folder.trim()
          ? `The worktree goes in ${folder.trim().replace(/\/+$/, '')}/${name.trim() || '<name>'}.`
          : `Empty: under Paddock's data folder, worktrees/${name.trim() || '<name>'}.`}
      </p>
      <p className="hint">
        A branch paddock/&lt;name&gt; in a worktree of its own, and an agent with the same provider, model, mode, scopes
        and allowed domains.
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={busy || !from}>
          {busy ? 'Starting…' : 'Start task'}
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
