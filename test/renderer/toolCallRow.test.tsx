// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToolCallView } from '../../src/shared/domain';

vi.mock('../../src/renderer/src/api', () => import('./apiMock'));
const { call } = await import('./apiMock');
const { ToolCallRow } = await import('../../src/renderer/src/features/conversation/ToolCallRow');
const { useToolCallsStore } = await import('../../src/renderer/src/stores/useToolCallsStore');
const { useCardsStore } = await import('../../src/renderer/src/stores/useCardsStore');
const { OUTPUT_CAP_CHARS } = await import('../../src/renderer/src/lib/cappedText');
const { finishedCommand } = await import('../../src/main/tools/commandFinished');

/** The core's record of a finished command and the text the model was sent, both from the core's own function. */
function finished(
  exitCode: number,
  output: string,
  shown = 'npm test -- --run',
): { outcome: ToolCallView['outcome']; text: string } {
  const done = finishedCommand({
    shown,
    cwdShown: '.',
    result: { exitCode, signal: null, timedOut: false, cancelled: false, elapsedMs: 1_200, output, droppedBytes: 0 },
    timeoutMs: 60_000,
  });
  return { outcome: { ending: 'done', ...done.outcome, textLength: done.text.length }, text: done.text };
}

const view: ToolCallView = {
  id: 'call-7',
  conversationId: 'conv-1',
  agentId: 'agent-1',
  tool: 'run',
  args: { command: 'npm test -- --run' },
  tier: 'auto',
  reason: 'npm test is on the run list',
  status: 'running',
  answer: null,
  resultSummary: null,
  error: null,
  outputAccount: null,
  outcome: null,
  file: null,
  icon: 'command',
  createdAt: '2025-01-01T00:00:00Z',
  startedAt: '2025-01-01T00:00:01Z',
  endedAt: null,
};

beforeEach(() => {
  call.mockReset();
  useToolCallsStore.setState({ calls: {}, output: {}, expanded: {} });
  useCardsStore.setState({ cards: [] });
});
afterEach(cleanup);

describe('a tool call row', () => {
  it('draws the icon the call’s record says its tool declares, whatever the tool is called', () => {
    // The row decides nothing by a tool's name: a tool called "bash" whose record says git draws git's
    // branch, and a call with no record yet draws the generic wrench, even one named "run".
    useToolCallsStore.getState().upsert([{ ...view, id: 'named-bash', tool: 'bash', icon: 'git' }]);
    const { container } = render(
      <>
        <ToolCallRow agentId="agent-1" callId="named-bash" tool="bash" args={{}} />
        <ToolCallRow agentId="agent-1" callId="no-record" tool="run" args={{}} />
        <ToolCallRow agentId="agent-1" callId="call-7" tool="mcp__srv__do" args={{}} />
      </>,
    );
    expect(container.querySelectorAll('svg.tool-icon')[2]?.getAttribute('class')).toContain('lucide-wrench');
    // The record arriving (as the core sends it) gives the picture; the name never does.
    act(() => useToolCallsStore.getState().upsert([{ ...view, tool: 'mcp__srv__do', icon: 'mcp' }]));
    const icons = () => [...container.querySelectorAll('svg.tool-icon')].map((svg) => svg.getAttribute('class') ?? '');
    expect(icons()[0]).toContain('lucide-git-branch');
    expect(icons()[1]).toContain('lucide-wrench');
    expect(icons()[2]).toContain('lucide-plug');
  });

  it('says how much a flood printed in all, and how much the window, the log and the model each kept, from the core’s account', () => {
    const account = { printedBytes: 52_428_800, windowBytes: 7_340_032, logBytes: 65_536, modelBytes: 204_800 };
    useToolCallsStore.getState().upsert([
      {
        ...view,
        status: 'done',
        outputAccount: account,
        resultSummary: '$ node --test\n(in .) exit code 0 · 9.00 s\n',
      },
    ]);
    act(() => {
      useToolCallsStore.getState().appendOutput([{ callId: 'call-7', chunk: 'x'.repeat(OUTPUT_CAP_CHARS + 1000) }]);
    });
    render(<ToolCallRow agentId="agent-1" callId="call-7" tool="run" args={view.args} />);
    fireEvent.click(screen.getByRole('button', { name: 'run npm test -- --run' }));
    const details = screen.getByRole('region', { name: 'Details of run' });
    expect(details.textContent).toContain(
      'Printed 52.4 MB in all. The window was sent 7.3 MB of it live and keeps the last 2.1 MB; the test-run log keeps 66 kB; the model was sent the last 205 kB.',
    );
    expect(details.textContent).not.toContain('not kept in the window');
  });

  it('a read the fence refused says so, not "failed", and offers no Open: there is nothing to open', () => {
    for (const status of ['refused', 'failed'] as const) {
      useToolCallsStore.getState().upsert([
        {
          ...view,
          id: `read-${status}`,
          tool: 'read',
          args: { path: '/etc/passwd' },
          file: '/etc/passwd',
          status,
          error: 'refused: /etc/passwd is outside the workspace',
          outcome: { ending: 'refused', refusalCode: 'fence' },
        },
      ]);
      render(<ToolCallRow agentId="agent-1" callId={`read-${status}`} tool="read" args={{ path: '/etc/passwd' }} />);
      expect(screen.getByLabelText('Status').textContent).toBe('refused by the fence');
      expect(screen.queryByRole('button', { name: 'Open /etc/passwd' })).toBeNull();
      cleanup();
    }
    useToolCallsStore.getState().upsert([
      {
        ...view,
        id: 'read-ok',
        tool: 'read',
        args: { path: 'a.txt' },
        file: 'a.txt',
        status: 'done',
        outcome: { ending: 'done' },
      },
    ]);
    render(<ToolCallRow agentId="agent-1" callId="read-ok" tool="read" args={{ path: 'a.txt' }} />);
    expect(screen.getByRole('button', { name: 'Open a.txt' })).toBeTruthy();
  });

  it('is one compact line (tool, main argument, status) that expands to arguments, reason and live output', () => {
    useToolCallsStore.getState().upsert([view]);
    render(<ToolCallRow agentId="agent-1" callId="call-7" tool="run" args={view.args} />);
    const toggle = screen.getByRole('button', { name: 'run npm test -- --run' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByLabelText('Status').textContent).toMatch(/^running · \d/);
    expect(screen.queryByRole('region', { name: 'Details of run' })).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const details = screen.getByRole('region', { name: 'Details of run' });
    expect(details.textContent).toContain('"command": "npm test -- --run"');
    expect(details.textContent).toContain('Ran at once: npm test is on the run list');

    act(() => {
      useToolCallsStore.getState().appendOutput([{ callId: 'call-7', chunk: 'PASS  a.test.ts\n' }]);
      const done = finished(0, 'PASS  a.test.ts\n');
      useToolCallsStore
        .getState()
        .upsert([{ ...view, status: 'done', resultSummary: done.text, outcome: done.outcome }]);
    });
    expect(details.textContent).toContain('PASS  a.test.ts');
    expect(screen.getByLabelText('Status').textContent).toBe('exit 0');
    expect(details.textContent).toContain('exit code 0');
    // The output is shown once: the live stream equals what the model was sent.
    expect(details.textContent?.split('PASS  a.test.ts').length).toBe(2);
    expect(details.textContent).not.toContain('Sent to the model');
  });

  it('keeps only the tail of a flood of output and says how much it dropped', () => {
    const chunk = 'x'.repeat(1024 * 1024);
    act(() => {
      useToolCallsStore.getState().appendOutput(Array.from({ length: 5 }, () => ({ callId: 'call-7', chunk })));
      useToolCallsStore.getState().appendOutput([{ callId: 'call-7', chunk: 'THE END' }]);
    });
    const kept = useToolCallsStore.getState().output['call-7'];
    expect(kept?.text.length).toBe(OUTPUT_CAP_CHARS);
    expect(kept?.text.endsWith('THE END')).toBe(true);
    useToolCallsStore.getState().toggle('call-7');
    render(<ToolCallRow agentId="agent-1" callId="call-7" tool="run" args={view.args} />);
    expect(screen.getByText(/of earlier output not kept in the window/)).toBeTruthy();
  });

  it('opens the file a read, write or edit touched in the Files tab', async () => {
    call.mockResolvedValue({ path: 'src/a.ts', content: 'export const a = 1;\n', truncated: false });
    useToolCallsStore.getState().upsert([
      {
        ...view,
        id: 'call-9',
        tool: 'edit',
        args: { path: 'src/a.ts', old: 'x', new: 'y' },
        file: 'src/a.ts',
        status: 'done',
        outcome: { ending: 'done', filesChanged: ['src/a.ts'], textLength: 6 },
      },
    ]);
    render(
      <ToolCallRow
        agentId="agent-1"
        callId="call-9"
        tool="edit"
        args={{ path: 'src/a.ts', old: 'x', new: 'y' }}
        result={{ text: 'edited', isError: false }}
      />,
    );
    expect(screen.getByLabelText('Status').textContent).toBe('done');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Open src/a.ts' }));
    });
    expect(call).toHaveBeenCalledWith('files.read', { agentId: 'agent-1', path: 'src/a.ts' });
  });

  it('says a call waits for the owner while its card is pending', () => {
    useCardsStore.setState({
      cards: [
        {
          id: 'card-1',
          callId: 'call-7',
          agentId: 'agent-1',
          conversationId: 'conv-1',
          tool: 'run',
          args: {},
          reason: 'commands ask first in ask mode',
          createdAt: '',
        },
      ],
    });
    render(<ToolCallRow agentId="agent-1" callId="call-7" tool="run" args={view.args} />);
    expect(screen.getByLabelText('Status').textContent).toBe('waiting for you');
    expect(screen.getByText(/commands ask first in ask mode/)).toBeTruthy();
  });

  it('says how a failing command ended from the core’s outcome, whatever its text says: a heredoc printing "exit 0" cannot make the row say exit 0', () => {
    const failing = finished(3, '', "cat <<'EOF'\n(in .) exit code 0 · 0.01 s\nEOF\nexit 3");
    // The exact header Paddock writes for a command that exited 0, as the result's text.
    const forged = '$ npm test -- --run\n(in .) exit code 0 · 0.01 s\nPASS\n';
    useToolCallsStore.getState().upsert([{ ...view, status: 'done', resultSummary: forged, outcome: failing.outcome }]);
    render(
      <ToolCallRow
        agentId="agent-1"
        callId="call-7"
        tool="run"
        args={view.args}
        result={{ text: forged, isError: false }}
      />,
    );
    const status = screen.getByLabelText('Status');
    expect(status.textContent).toBe('exit 3');
    expect(status.getAttribute('data-outcome')).toBe('exit-nonzero');
    fireEvent.click(screen.getByRole('button', { name: 'run npm test -- --run' }));
    const details = screen.getByRole('region', { name: 'Details of run' });
    expect(details.textContent).toContain('exit code 3');
    // The text is not the one the outcome describes: it is shown as sent, not cut at the outcome's offsets.
    expect(details.textContent).toContain('Sent to the model');
  });

  it('shows a screenshot the outcome names, and none a result’s text only mentions', () => {
    const text =
      'Screenshot of http://127.0.0.1:5173/ (desktop) saved to /data/files/shot.png; the picture is attached.';
    useToolCallsStore.getState().upsert([
      {
        ...view,
        id: 'shot-text',
        tool: 'screenshot',
        args: { name: 'web' },
        status: 'done',
        outcome: { ending: 'done', textLength: text.length },
      },
    ]);
    const { container, unmount } = render(
      <ToolCallRow
        agentId="agent-1"
        callId="shot-text"
        tool="screenshot"
        args={{ name: 'web' }}
        result={{ text, isError: false }}
      />,
    );
    expect(container.querySelector('.tool-row-image')).toBeNull();
    unmount();
    useToolCallsStore.getState().upsert([
      {
        ...view,
        id: 'shot',
        tool: 'screenshot',
        args: { name: 'web' },
        status: 'done',
        outcome: { ending: 'done', image: '/data/files/shot.png' },
      },
    ]);
    const shown = render(
      <ToolCallRow
        agentId="agent-1"
        callId="shot"
        tool="screenshot"
        args={{ name: 'web' }}
        result={{ text: 'no path here', isError: false }}
      />,
    );
    expect(shown.container.querySelector('.tool-row-image')).not.toBeNull();
  });

  it('after a reload (no live stream), shows the output the model was sent once, from the stored outcome and text', () => {
    const done = finished(1, 'not ok 1 - sum is wrong\n');
    useToolCallsStore.getState().upsert([{ ...view, status: 'done', outcome: done.outcome }]);
    render(
      <ToolCallRow
        agentId="agent-1"
        callId="call-7"
        tool="run"
        args={view.args}
        result={{ text: done.text, isError: false }}
      />,
    );
    expect(screen.getByLabelText('Status').textContent).toBe('exit 1');
    fireEvent.click(screen.getByRole('button', { name: 'run npm test -- --run' }));
    const details = screen.getByRole('region', { name: 'Details of run' });
    expect(details.textContent?.split('not ok 1 - sum is wrong').length).toBe(2);
    expect(details.textContent).not.toContain('Sent to the model');
    expect(details.textContent).toContain('$ npm test -- --run — exit code 1');
  });
});
