import { afterEach, describe, expect, it } from 'vitest';
import { buildChildEnv } from '../../../src/main/processes/env';
import { createTextCoalescer } from '../../../src/main/processes/coalesce';
import { TerminalSessions } from '../../../src/main/processes/pty';
import { killQuietly, removeTempDirs, tempDir, waitFor, waitGone } from './helpers';

const leftovers: number[] = [];
afterEach(() => {
  killQuietly(leftovers.splice(0));
  removeTempDirs();
});
const env = (home: string): Record<string, string> =>
  buildChildEnv({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, TERM: 'xterm-256color' });

describe('the text coalescer (terminal and model tokens)', () => {
  it('hands on text in batches, at once past the size bound', async () => {
    const sent: string[] = [];
    const batcher = createTextCoalescer((text) => sent.push(text), 10_000, 10);
    batcher.push('abc');
    batcher.push('def');
    expect(sent).toEqual([]);
    batcher.push('ghijk');
    expect(sent).toEqual(['abcdefghijk']);
    batcher.push('x');
    batcher.flush();
    expect(sent).toEqual(['abcdefghijk', 'x']);
  });
});

describe('TerminalSessions (the owner’s terminal)', () => {
  it('opens a shell in the workspace, echoes input, resizes and closes', async () => {
    const cwd = tempDir();
    const sessions = new TerminalSessions({ killGraceMs: 500 });
    let seen = '';
    const exits: string[] = [];
    sessions.onData((id, text) => {
      if (id === 't1') seen += text;
    });
    sessions.onExit((id) => exits.push(id));
    const session = sessions.open('t1', { shell: '/bin/sh', cwd, env: env(cwd), cols: 80, rows: 24 });
    leftovers.push(session.pid);
    expect(() => sessions.open('t1', { shell: '/bin/sh', cwd, env: env(cwd), cols: 80, rows: 24 })).toThrow(
      /already open/,
    );
    sessions.resize('t1', 100, 30);
    sessions.write('t1', 'pwd; echo "size $(stty size)"\r');
    await waitFor(() => seen.includes(cwd) && seen.includes('size 30 100'));
    await sessions.close('t1');
    await waitGone([session.pid]);
    await waitFor(() => exits.includes('t1'));
    expect(sessions.has('t1')).toBe(false);
  });
});
