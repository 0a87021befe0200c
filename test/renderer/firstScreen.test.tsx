// @vitest-environment jsdom
// The first screen shows however its chunk's arrival interleaves with the render and its
// effects. A CI run once sat on "Paddock is starting…" for a minute: the chunk had arrived after
// the render that found no screen and before the effect that would have waited for it, and the
// effect, finding it loaded, asked for no second render.
import { useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/renderer/src/features/window/MainWindow', () => ({
  MainWindow: () => <p>the working window</p>,
}));
vi.mock('../../src/renderer/src/api', () => import('./apiMock'));

afterEach(() => {
  document.body.replaceChildren();
  vi.resetModules();
});

/** The renderer (Preact, scripts/reactOnPreact.mjs) runs passive effects after the next frame; a task queued from it runs after them. */
const nextTask = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** Renders App outside act(), as a browser does, asking for the chunk at the moment `when` names. */
async function start(when: 'before the render' | 'during the render' | 'after the effects'): Promise<string | null> {
  // The chunk is already fetched (its module cached), so once asked for it arrives within microtasks.
  await import('../../src/renderer/src/features/window/MainWindow');
  const { App } = await import('../../src/renderer/src/App');
  const { useSetupStore } = await import('../../src/renderer/src/stores/useSetupStore');
  const { loadScreen } = await import('../../src/renderer/src/screens');
  // As in the window: the core's answers came before React, so the start is decided before the first render.
  useSetupStore.setState({ decided: true });
  function Window() {
    // boot.ts's request, made while React renders: the chunk lands after this render's commit
    // (microtasks) and before its passive effects (a later task).
    const asked = useRef(false);
    if (when === 'during the render' && !asked.current) {
      asked.current = true;
      void loadScreen('window');
    }
    return <App />;
  }
  if (when === 'before the render') await loadScreen('window');
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  root.render(<Window />);
  for (let task = 0; task < 5; task++) await nextTask();
  if (when === 'after the effects') await loadScreen('window');
  for (let task = 0; task < 5; task++) await nextTask();
  const shown = container.textContent;
  root.unmount();
  return shown;
}

describe('the first screen', () => {
  for (const when of ['before the render', 'during the render', 'after the effects'] as const) {
    it(`shows when its chunk arrives ${when}`, async () => {
      expect(await start(when)).toBe('the working window');
    });
  }
});
