// @vitest-environment jsdom
// The working window paints its conversation first and the panes beside it once that frame is on
// screen (lib/afterFirstPaint.ts): the first render holds them back, and they come without any
// further event from the owner.
import { act } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { useAfterFirstPaint } from '../../src/renderer/src/lib/afterFirstPaint';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Window() {
  const beside = useAfterFirstPaint();
  return (
    <div>
      <textarea aria-label="composer" />
      {beside ? <nav>agents</nav> : <nav aria-hidden="true" />}
    </div>
  );
}

afterEach(() => document.body.replaceChildren());

const frameThenTask = (): Promise<void> =>
  new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

describe('useAfterFirstPaint', () => {
  it('holds the panes beside back for the first frame, and shows them after it', async () => {
    const host = document.body.appendChild(document.createElement('div'));
    const root = createRoot(host);
    act(() => root.render(<Window />));
    expect(host.querySelector('textarea')).not.toBeNull();
    expect(host.textContent).not.toContain('agents');
    await act(frameThenTask);
    await act(frameThenTask);
    expect(host.textContent).toContain('agents');
    act(() => root.unmount());
  });
});
