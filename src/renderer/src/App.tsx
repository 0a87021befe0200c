import { useEffect, useState, type ComponentType } from 'react';
import { startWindow } from './eventRouter';
import { useSetupStore } from './stores/useSetupStore';

// The first screen loads only what it needs: the guided first run or the working window, each its
// own chunk. Both chunks are asked for as the window starts, beside the core's first answer, so the
// one it names is already here when it comes; only that one is shown
// (bench/window.ts measures the bytes and the time). Loaded by hand rather than with React.lazy:
// a Suspense boundary holds back what it reveals for a moment (React batches reveals), and the first
// screen is the one place that moment shows.
const SCREENS = {
  setup: () => import('./features/setup/FirstRun').then((module) => module.FirstRun),
  window: () => import('./features/window/MainWindow').then((module) => module.MainWindow),
} satisfies Record<string, () => Promise<ComponentType>>;
type ScreenName = keyof typeof SCREENS;

const loaded: Partial<Record<ScreenName, ComponentType>> = {};
const loading: Partial<Record<ScreenName, Promise<ComponentType>>> = {};

/** Each screen's chunk, asked for once. */
function screen(name: ScreenName): Promise<ComponentType> {
  loading[name] ??= SCREENS[name]().then((component) => (loaded[name] = component));
  return loading[name];
}

function useScreen(name: ScreenName | null): ComponentType | null {
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (name === null || loaded[name]) return;
    let current = true;
    void screen(name).then(() => {
      if (current) setVersion((version) => version + 1);
    });
    return () => {
      current = false;
    };
  }, [name]);
  return name === null ? null : (loaded[name] ?? null);
}

/**
 * Starts the window before React mounts: the core is asked at once (not after the first render's
 * effects), and both screens' chunks load while it answers.
 */
export function startApp(): void {
  startWindow();
  for (const name of Object.keys(SCREENS) as ScreenName[]) void screen(name);
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

  // Until the core's first answer, which screen is not known: neither is evaluated.
  const Screen = useScreen(settingUp ? 'setup' : decided ? 'window' : null);
  return Screen ? <Screen /> : <Starting />;
}
