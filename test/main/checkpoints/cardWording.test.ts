// The undo card's count reads as English for one file as for many.
import { describe, expect, it } from 'vitest';
import { restoringSentence } from '../../../src/main/checkpoints/cardText';

describe('the undo card’s count', () => {
  it('agrees in number with one file and with several', () => {
    expect(restoringSentence(1, 1)).toBe('1 file goes back to how it was; 1 changed since and is kept as it is');
    expect(restoringSentence(4, 1)).toBe('4 files go back to how they were; 1 changed since and is kept as it is');
    expect(restoringSentence(1, 2)).toBe('1 file goes back to how it was; 2 changed since and are kept as they are');
    expect(restoringSentence(3, 0)).toBe('3 files go back to how they were');
    expect(restoringSentence(0, 2)).toBe('no file goes back; 2 changed since and are kept as they are');
  });
});
