import { create } from 'zustand';
import { onConnection, type ConnectionState } from '../api';

/** The window's link to the core, as the indicator, the banner and the live rows read it. */
interface ConnectionStoreState {
  state: ConnectionState;
  /** Bumped at every reconnection, so what was loaded before the gap is loaded again. */
  reconnections: number;
}

export const useConnectionStore = create<ConnectionStoreState>(() => ({
  state: { status: 'connecting' },
  reconnections: 0,
}));

/** True while the window cannot hear the core: nothing it shows as "running" can be trusted. */
export function isCutOff(state: ConnectionState): boolean {
  return state.status === 'disconnected' || state.status === 'unauthorised';
}

/** Follows the api's connection; calls `onReconnected` when the link comes back after a gap. */
export function followConnection(onReconnected: () => void): () => void {
  let wasCutOff = false;
  return onConnection((state) => {
    const reconnected = wasCutOff && state.status === 'connected';
    if (state.status !== 'connecting') wasCutOff = isCutOff(state);
    useConnectionStore.setState((current) => ({ state, reconnections: current.reconnections + (reconnected ? 1 : 0) }));
    if (reconnected) onReconnected();
  });
}
