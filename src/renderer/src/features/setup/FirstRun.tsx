import { useSelectedAgent } from '../../stores/useAgentsStore';
import { SETUP_STEPS, useSetupStore, type SetupStep } from '../../stores/useSetupStore';
import { ModeStep } from './ModeStep';
import { ProviderStep } from './ProviderStep';
import { WorkspaceStep } from './WorkspaceStep';

const TITLES: Record<SetupStep, string> = { workspace: 'Workspace', provider: 'Model and key', mode: 'Mode' };

/** The guided first run (issue 23 §1): three short steps, each skippable, the whole reopenable from Settings. */
export function FirstRun() {
  const agent = useSelectedAgent();
  const step = useSetupStore((state) => state.step);
  const goTo = useSetupStore((state) => state.goTo);
  const close = useSetupStore((state) => state.close);
  const index = SETUP_STEPS.indexOf(step);
  const next = (): void => (index + 1 < SETUP_STEPS.length ? goTo(SETUP_STEPS[index + 1] as SetupStep) : void close());

  return (
    <main className="first-run" aria-labelledby="first-run-title">
      <div className="first-run-panel">
        <header className="first-run-header">
          <div>
            <h1 id="first-run-title">Set up Paddock</h1>
            <p className="hint">
              Three steps: where the agent works, which model it uses, and how free it is. You can change each later in
              Settings.
            </p>
          </div>
          <button type="button" className="link" onClick={() => void close()}>
            Skip setup
          </button>
        </header>
        <nav aria-label="Setup steps">
          <ol className="first-run-steps">
            {SETUP_STEPS.map((name, i) => (
              <li key={name}>
                <button
                  type="button"
                  className={`first-run-step${name === step ? ' current' : ''}${i < index ? ' done' : ''}`}
                  aria-current={name === step ? 'step' : undefined}
                  onClick={() => goTo(name)}
                >
                  <span className="first-run-step-number" aria-hidden="true">
                    {i + 1}
                  </span>
                  {TITLES[name]}
                </button>
              </li>
            ))}
          </ol>
        </nav>
        <section className="first-run-body" aria-label={TITLES[step]}>
          {!agent ? (
            <p role="status">Loading the agent…</p>
          ) : step === 'workspace' ? (
            <WorkspaceStep key={agent.id} agent={agent} onDone={next} />
          ) : step === 'provider' ? (
            <ProviderStep key={agent.id} agent={agent} onDone={next} />
          ) : (
            <ModeStep agent={agent} onDone={next} />
          )}
        </section>
        <footer className="first-run-footer">
          <button type="button" disabled={index === 0} onClick={() => goTo(SETUP_STEPS[index - 1] as SetupStep)}>
            Back
          </button>
          <button type="button" onClick={next}>
            {index + 1 < SETUP_STEPS.length ? 'Skip this step' : 'Finish later'}
          </button>
        </footer>
      </div>
    </main>
  );
}
