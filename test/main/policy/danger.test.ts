// Which gated commands get a card that leans to Deny: destroyers aimed at the root, the home, the
// whole workspace or anything outside it, history-destroying git, and any operand outside the workspace.
import { describe, expect, it } from 'vitest';
import { commandDanger } from '../../../src/main/policy/danger';

const context = { workspace: '/home/owner/project', cwd: '/home/owner/project', home: '/home/owner' };

describe('commandDanger', () => {
  it.each([
    [['rm', '-rf', '/'], 'the operand / is the filesystem root'],
    [['/bin/rm', '-rf', '--no-preserve-root', '/'], 'the operand / is the filesystem root'],
    [['rm', '-rf', '~'], 'the operand ~ is your home directory'],
    [['rm', '-r', '.'], 'the operand . is the whole workspace'],
    [['rm', '-rf', '../other'], 'the operand ../other is outside the workspace'],
    [['cp', 'notes.txt', '/etc/passwd'], 'the operand /etc/passwd is outside the workspace'],
    [['cat', '--output=/tmp/x'], 'the operand /tmp/x is outside the workspace'],
    [['mkfs.ext4', 'disk.img'], 'mkfs.ext4 erases a whole filesystem'],
    [['git', 'reset', '--hard'], 'git reset --hard throws away uncommitted changes'],
    [['git', 'push', '--force', 'origin', 'main'], 'git push --force rewrites history on the remote'],
    [['git', 'clean', '-fdx'], 'git clean -f deletes untracked files for good'],
    [['dd', 'if=a', 'of=/dev/sda'], 'dd writes straight to a file or device outside the workspace'],
  ])('%j is dangerous: %s', (argv, sentence) => {
    expect(commandDanger(argv, context)).toContain(sentence);
  });

  it.each([
    [['rm', '-rf', 'build']],
    [['rm', 'src/../old.txt']],
    [['npm', 'test']],
    [['ls', '-la']],
    [['git', 'status']],
    [['cp', 'a', 'b/c']],
    [['rm', '--', '-weird-name']],
  ])('%j is not', (argv) => {
    expect(commandDanger(argv, context)).toBeNull();
  });

  it('resolves operands from the command’s own directory', () => {
    expect(commandDanger(['rm', '-r', '..'], { ...context, cwd: '/home/owner/project/src' })).toContain(
      'the operand .. is the whole workspace',
    );
    expect(commandDanger(['rm', '-r', '../..'], { ...context, cwd: '/home/owner/project/src' })).toContain(
      'your home directory',
    );
  });
});
