// The Electron channels, for the preload bundle (which must stay small and carry no validation of
// its own): every call goes over one channel with its name, and the core's router refuses a name
// the contract does not declare.
export const IPC_CALL_CHANNEL = 'paddock:call';
export const IPC_EVENT_CHANNEL = 'paddock:event';
