// Issue 14 §3: the tree of a group, read from /proc's parent links, as a table; and the real /proc.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { groupTree, parseStat, readProcTable, type ProcEntry } from '../../../src/main/processes/tree';

const e = (pid: number, ppid: number, pgid: number): ProcEntry => ({ pid, ppid, pgid, startTicks: String(pid * 10) });

describe('groupTree', () => {
  // 100 leads the group; 101 is in it; 200 left it with setsid (child of 101); 300 is 200's child;
  // 400 is a stranger; 500 is Paddock itself (the parent of 100), never part of the tree.
  const table = [
    e(500, 1, 500),
    e(100, 500, 100),
    e(101, 100, 100),
    e(200, 101, 200),
    e(300, 200, 200),
    e(400, 1, 400),
  ];
  it('holds the members and every descendant in another session, and nothing else', () => {
    expect(
      groupTree(100, table, 500)
        .map((x) => x.pid)
        .sort(),
    ).toEqual([100, 101, 200, 300]);
    expect(groupTree(400, table, 500).map((x) => x.pid)).toEqual([400]);
    expect(groupTree(999, table, 500)).toEqual([]);
  });
  it('never holds Paddock itself or init, even in a loop of parent links', () => {
    const loop = [e(100, 500, 100), e(500, 100, 500), e(1, 100, 100)];
    expect(groupTree(100, loop, 500).map((x) => x.pid)).toEqual([100]);
  });
});

describe('parseStat', () => {
  it('reads ppid, pgrp and start time past a command name with spaces and parentheses', () => {
    const stat = '4242 (a) b (c)) S 17 4242 4242 0 -1 4194560 1 0 0 0 0 0 0 0 20 0 1 0 987654 1000 10';
    expect(parseStat(4242, stat)).toEqual({ pid: 4242, ppid: 17, pgid: 4242, startTicks: '987654' });
  });
});

describe.skipIf(process.platform !== 'linux')('the real /proc', () => {
  it('finds a child in its own group and its grandchild', async () => {
    const child = spawn('/bin/sh', ['-c', 'sleep 30 & wait'], { detached: true, stdio: 'ignore' });
    try {
      let tree: ProcEntry[] = [];
      for (let i = 0; i < 200 && tree.length < 2; i++) {
        await new Promise((r) => setTimeout(r, 20));
        tree = groupTree(child.pid as number, readProcTable());
      }
      expect(tree.map((x) => x.pid)).toContain(child.pid);
      expect(tree.length).toBe(2);
    } finally {
      process.kill(-(child.pid as number), 'SIGKILL');
    }
  });
});
