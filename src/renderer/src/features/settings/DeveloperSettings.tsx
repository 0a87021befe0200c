import { useState } from 'react';
import { messageOf } from '../../lib/errors';
import { useAgentsStore } from '../../stores/useAgentsStore';
import { useAppStore } from '../../stores/useAppStore';
import { useSetupStore } from '../../stores/useSetupStore';
import { runningOf, useProcessesStore } from '../../stores/useProcessesStore';
import { AgentSettingsRow } from './AgentSettingsRow';
import { AgentSettingsSection } from './AgentSettingsSection';
import { InstanceSwitches } from './InstanceSwitches';
import { ModelTablesSettings } from './ModelTablesSettings';
import { BudgetSettings } from './BudgetSettings';
import { NotificationSettings } from './NotificationSettings';
import { CheckpointSettings } from './CheckpointSettings';
import { RememberedCommands } from './RememberedCommands';
import { InstructionPins } from './InstructionPins';
import { SandboxSettings } from './SandboxSettings';
import { TaskSetupScripts } from './TaskSetupScripts';

export const WORKSPACE_WARNING =
  'A developer agent runs code you did not write, inside this directory, with the rights of your user. Give it a workspace you would let a colleague use.';

/** Settings → Developer (SPEC §10, seed 003 §8). Owner-only: none of these actions is a model tool. */
export function DeveloperSettings() {
  const agents = useAgentsStore((state) => state.agents);
  const processes = useProcessesStore((state) => state.processes);
  const stopAll = useProcessesStore((state) => state.stopAll);
  const showError = useAppStore((state) => state.showError);
  const reopenSetup = useSetupStore((state) => state.reopen);
  const [stopped, setStopped] = useState<string | null>(null);
  const anyRunning = processes.some((process) => process.status === 'running');

  return (
    <section className="settings" aria-label="Settings → Developer">
      <h1>Settings → Developer</h1>
      <p className="warning">{WORKSPACE_WARNING}</p>
      <div className="row">
        <button type="button" onClick={() => reopenSetup()}>
          Run the guided setup again
        </button>
        <span className="hint">Workspace, model and key (with Test connection), and mode, one step at a time.</span>
      </div>

      <h2>Sandbox</h2>
      <SandboxSettings />

      <h2>Workspaces</h2>
      <table className="settings-table" aria-label="Workspaces">
        <thead>
          <tr>
            <th>Agent</th>
            <th>Directory</th>
            <th>Mode</th>
            <th>Running processes</th>
          </tr>
        </thead>
        <tbody>
          {agents.map((agent) => (
            <AgentSettingsRow key={agent.id} agent={agent} running={runningOf(processes, agent.id)} />
          ))}
        </tbody>
      </table>
      <div className="row">
        <button
          type="button"
          className="danger"
          disabled={!anyRunning}
          onClick={() =>
            void stopAll()
              .then((count) => setStopped(count === 1 ? 'Stopped 1 process.' : `Stopped ${count} processes.`))
              .catch((reason: unknown) => showError(messageOf(reason)))
          }
        >
          Stop all processes
        </button>
        {stopped && (
          <span className="hint" role="status">
            {stopped}
          </span>
        )}
      </div>

      <h2>Setup scripts for tasks</h2>
      <TaskSetupScripts />

      <h2>Commands you allowed</h2>
      <RememberedCommands />

      <h2>Instructions you accepted</h2>
      <InstructionPins />

      <h2>Checkpoints</h2>
      <CheckpointSettings />

      <h2>Agents</h2>
      {agents.length === 0 && <p className="hint">No agents yet.</p>}
      {agents.map((agent) => (
        <AgentSettingsSection key={agent.id} agent={agent} />
      ))}

      <h2>Notifications</h2>
      <NotificationSettings />

      <h2>Budgets</h2>
      <BudgetSettings />

      <h2>Models: context windows and prices</h2>
      <ModelTablesSettings />

      <h2>Instance switches</h2>
      <InstanceSwitches />
    </section>
  );
}
