import { FlaskConical } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { useEffect, useState } from 'react';
import { messageOf } from '../../lib/errors';
import { useFilesStore } from '../../stores/useFilesStore';
import { useSummaryStore } from '../../stores/useSummaryStore';
import { FailingTests } from './FailingTestsChart';
import { TaskHunkReview } from '../tasks/TaskHunkReview';
import { TaskReview } from '../tasks/TaskReview';

/** What the owner reviews (seed 003 §6): branch, diff stat, files with their diffs, the last test run. */
export function SummaryTab({ agentId }: { agentId: string }) {
  const summary = useSummaryStore((state) => state.summaries[agentId]);
  const failing = useSummaryStore((state) => state.failing[agentId]);
  const error = useSummaryStore((state) => state.errors[agentId]);
  const load = useSummaryStore((state) => state.load);
  const showDiff = useFilesStore((state) => state.showDiff);
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    void load(agentId);
  }, [agentId, load]);

  async function openInEditor(path?: string): Promise<void> {
    try {
      const opened = await useSummaryStore.getState().openInEditor(agentId, path);
      setNote(opened ? 'Opened in your editor.' : 'No editor could be opened.');
    } catch (reason) {
      setNote(messageOf(reason));
    }
  }

  async function copy(): Promise<void> {
    if (!summary) return;
    try {
      await navigator.clipboard.writeText(summary.text);
      setNote('Copied the summary as text.');
    } catch (reason) {
      setNote(`Could not copy: ${messageOf(reason)}`);
    }
  }

  return (
    <div className="summary-tab">
      <TaskReview agentId={agentId} />
      <div className="summary-toolbar">
        <button type="button" onClick={() => void load(agentId)}>
          Refresh
        </button>
        <button type="button" onClick={() => void openInEditor()} disabled={!summary}>
          Open in editor
        </button>
        <button type="button" onClick={() => void copy()} disabled={!summary}>
          Copy as text
        </button>
      </div>
      {note && (
        <p className="hint" role="status">
          {note}
        </p>
      )}
      {error && <p className="form-error">{error}</p>}
      {summary && (
        <>
          <dl className="summary-facts">
            <dt>Branch</dt>
            <dd>
              {summary.branch ?? 'not a repository'}
              {summary.base ? ` (from ${summary.base})` : ''}
            </dd>
            <dt>Last test run</dt>
            <dd>
              {summary.lastTest ? (
                <>
                  <code>{summary.lastTest.command}</code> — {summary.lastTest.passed ?? '?'} passed,{' '}
                  {summary.lastTest.failed ?? '?'} failed
                  {summary.lastTest.exitCode !== null ? `, exit ${summary.lastTest.exitCode}` : ''}
                </>
              ) : (
                'none recorded'
              )}
            </dd>
          </dl>
          {summary.commitsHeading && (
            <section aria-label="Commits">
              <h2 className="summary-heading">{summary.commitsHeading}</h2>
              {summary.commits.length === 0 ? (
                <p className="hint">No commits.</p>
              ) : (
                <ul className="summary-commits">
                  {summary.commits.map((commit) => (
                    <li key={commit.commit}>
                      <code title={commit.commit}>{commit.commit.slice(0, 7)}</code> {commit.subject}{' '}
                      <span className="hint">
                        — {commit.author}, <time dateTime={commit.date}>{commit.date.slice(0, 10)}</time>
                        {commit.byAgent ? ' · by the agent' : ''}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
          {summary.workHeading && (
            <h2 className="summary-heading" title={`The agent's work, ${summary.workFrom}`}>
              {summary.workHeading}
            </h2>
          )}
          {summary.diffStat && (
            <pre className="tool-output" aria-label="Diff stat" tabIndex={0}>
              {summary.diffStat}
            </pre>
          )}
          <ul className="summary-files" aria-label="Changed files">
            {summary.files.map((file) => (
              <li key={file.path}>
                <span className="hint">{file.status}</span> <code>{file.path}</code>{' '}
                <button
                  type="button"
                  className="link"
                  onClick={() =>
                    showDiff(agentId, {
                      path: file.path,
                      sides: { before: file.before, after: file.after },
                      unified: null,
                    })
                  }
                >
                  Diff
                </button>
                <button
                  type="button"
                  className="link"
                  onClick={() => void openInEditor(file.path)}
                  aria-label={`Open ${file.path} in editor`}
                >
                  Editor
                </button>
              </li>
            ))}
          </ul>
          <TaskHunkReview agentId={agentId} />
        </>
      )}
      {summary && !summary.lastTest && (failing?.history.length ?? 0) === 0 ? (
        <EmptyState icon={FlaskConical} title="No test run yet">
          <p className="hint">
            Ask the agent to run the tests, or run them in the Terminal. Each run is recorded here, and the failing
            count is charted.
          </p>
        </EmptyState>
      ) : (
        failing && <FailingTests metric={failing} />
      )}
    </div>
  );
}
