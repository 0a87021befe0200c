// Summary's headings are said for the owner in plain words: no "HEAD", no "branch point", no hashes.
import { describe, expect, it } from 'vitest';
import { ownerCommitsHeading, ownerWorkHeading } from '../../../src/main/git/summaryText';

const JARGON = /HEAD|branch point|tree|[0-9a-f]{7}/;

describe('Summary’s headings for the owner', () => {
  it('name what the list and the diff hold, without git’s words', () => {
    const headings = [
      ownerWorkHeading({ kind: 'base', commit: 'abcdef1234' }, { ref: 'main', commit: 'abcdef1234' }),
      ownerWorkHeading({ kind: 'before-agent-commits', commit: 'abcdef1234' }, null),
      ownerWorkHeading({ kind: 'before-agent-commits', commit: null }, null),
      ownerWorkHeading({ kind: 'head', commit: 'abcdef1234' }, null),
      ownerWorkHeading({ kind: 'empty', commit: null }, null),
      ownerCommitsHeading('since-base', false, 3, { ref: 'main', commit: 'abcdef1234' }),
      ownerCommitsHeading('latest', false, 3, null),
    ];
    for (const heading of headings) expect(heading).not.toMatch(JARGON);
    expect(headings[0]).toBe('Changes on this branch since it left main');
    expect(headings[3]).toBe('Changes not committed yet');
    expect(headings[5]).toBe('Commits on this branch since it left main');
    expect(headings[6]).toBe('Latest commits');
  });
});
