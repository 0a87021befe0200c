// The one place a process starts (SPEC §6, §14): run, start, bash, the owner's terminal and
// Paddock's own helpers all come through this folder, so the OS sandbox wraps exactly one seam
// (`CommandWrapper`), and lint forbids child_process and node-pty anywhere else. No shell is ever
// put in front of an argv here: what was classified is what is spawned. Every child that can
// outlive a call leads its own process group, so a kill reaches its grandchildren.
export * from './agentCommands';
export * from './wrapped';
export * from './own';
