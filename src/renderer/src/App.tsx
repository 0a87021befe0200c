import { useEffect, useSyncExternalStore, type ComponentType } from 'react';
import { settleToken } from './api';
import { markStart } from './lib/startMarks';
import { loadedScreen, loadScreen, onScreenLoaded, type ScreenName } from './screens';
import { useSetupStore } from './stores/useSetupStore';

// The screen is shown by hand rather than with React.lazy: a Suspense boundary holds back what it
// reveals for a moment (React batches reveals), and the first screen is the one place that shows.
// The loaded chunks are read as an external store: a chunk that arrives between a render and its
// effect is still seen (an effect that found it loaded used to ask for no second render).
function useScreen(name: ScreenName | null): ComponentType | null {
  const Screen = useSyncExternalStore(onScreenLoaded, () => (name === null ? null : loadedScreen(name)));
  useEffect(() => {
    if (name !== null) void loadScreen(name);
  }, [name]);
  return Screen;
}

/** What index.html paints before any script, kept until the first screen is here (same text, same place). */
function Starting() {
  return (
    <p style={{ margin: '40vh 0 0', textAlign: 'center', font: '14px system-ui, sans-serif', opacity: 0.6 }}>
      Paddock is starting…
    </p>
  );
}

export function App() {
  const settingUp = useSetupStore((state) => state.open);
  const decided = useSetupStore((state) => state.decided);

  // Until the core's first answer, which screen is not known: neither is shown.
  const Screen = useScreen(settingUp ? 'setup' : decided ? 'window' : null);
  useEffect(() => {
    if (!Screen) return;
    markStart('screen-shown');
    // After the screen's first frame: taking the token out of the address bar (history.replaceState)
    // and keeping it (sessionStorage) wait on the browser, about 15 ms the first frame need not wait.
    const frame = requestAnimationFrame(() => setTimeout(settleToken, 0));
    return () => cancelAnimationFrame(frame);
  }, [Screen]);
  return Screen ? <Screen /> : <Starting />;
}
