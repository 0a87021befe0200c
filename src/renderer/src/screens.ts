// The window's two first screens, each its own chunk: the guided first run and the working window.
// Only the one the core names is fetched (boot.ts asks for it the moment the core answers, while
// React is still loading); the other is fetched when the owner first goes there.
import type { ComponentType } from 'react';
import type { AppInfo } from '../../shared/ipc';
import { markStart } from './lib/startMarks';

const SCREENS = {
  setup: () => import('./features/setup/FirstRun').then((module) => module.FirstRun),
  window: () => import('./features/window/MainWindow').then((module) => module.MainWindow),
} satisfies Record<string, () => Promise<ComponentType>>;
export type ScreenName = keyof typeof SCREENS;

const loaded: Partial<Record<ScreenName, ComponentType>> = {};
const loading: Partial<Record<ScreenName, Promise<ComponentType>>> = {};
const listeners = new Set<() => void>();

/** The screen the window opens on: the first run until the core says the setup is done. */
export function firstScreen(info: AppInfo | null): ScreenName {
  return info && !info.setupDone ? 'setup' : 'window';
}

/** Each screen's chunk, asked for once. */
export function loadScreen(name: ScreenName): Promise<ComponentType> {
  loading[name] ??= SCREENS[name]().then((component) => {
    markStart('screen-loaded');
    loaded[name] = component;
    for (const listener of listeners) listener();
    return component;
  });
  return loading[name];
}

/** The screen's component once its chunk is here; null until then. */
export function loadedScreen(name: ScreenName): ComponentType | null {
  return loaded[name] ?? null;
}

/** Hears each screen's chunk arrive (for useSyncExternalStore, which also reads what arrived before it listened). */
export function onScreenLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
