import { useEffect, useState, type ComponentType } from 'react';
import { startWindow } from './eventRouter';
import { useSetupStore } from './stores/useSetupStore';

// The first screen loads only what it shows: the guided first run or the working window, each its
// own chunk, fetched once the core has said which (bench/window.ts measures the bytes and the time).
// Loaded by hand rather than with React.lazy: a Suspense boundary holds back what it reveals for a
// moment (React batches reveals), and the first screen is the one place that moment shows.
const SCREENS = {
  setup: () => import('./features/setup/FirstRun').then((module) => module.FirstRun),
  window: () => import('./features/window/MainWindow').then((module) => module.MainWindow),
} satisfies Record<string, () => Promise<ComponentType>>;
type ScreenName = keyof typeof SCREENS;

const loaded: Partial<Record<ScreenName, ComponentType>> = {};

function useScreen(name: ScreenName | null): ComponentType | null {
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (name === null || loaded[name]) return;
    let current = true;
    void SCREENS[name]().then((screen) => {
      loaded[name] = screen;
      if (current) setVersion((version) => version + 1);
    });
    return () => {
      current = false;
    };
  }, [name]);
  return name === null ? null : (loaded[name] ?? null);
}

export function App() {
  const settingUp = useSetupStore((state) => state.open);
  const decided = useSetupStore((state) => state.decided);

  useEffect(() => startWindow(), []);

  // Until the core's first answer, which screen is not known: nothing is fetched for either.
  const Screen = useScreen(settingUp ? 'setup' : decided ? 'window' : null);
  return Screen ? <Screen /> : null;
}
