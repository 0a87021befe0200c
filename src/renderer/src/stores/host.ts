// Which host the window runs in (Electron or the web host), for the few differences the owner sees:
// key chords, and the preview as a view of its own. Read once from the bridge api.ts holds.
export { hostKind } from '../api';
export type { ConnectionState } from '../api';
