// @vitest-environment jsdom
// The keyboard of a list under a text box, shared by the command palette and the search dialog:
// arrows move within the list and stop at its ends, Enter chooses the option the keyboard is on,
// Escape closes and goes no further.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useListKeys } from '../../src/renderer/src/lib/listKeys';

function List({ count, choose, close }: { count: number; choose(index: number): void; close(): void }) {
  const { index, onKeyDown } = useListKeys({ count, choose, close });
  return <input aria-label="query" data-index={index} onKeyDown={onKeyDown} readOnly />;
}

afterEach(cleanup);

function setUp(count: number) {
  const choose = vi.fn();
  const close = vi.fn();
  const outside = vi.fn();
  render(
    <div onKeyDown={outside}>
      <List count={count} choose={choose} close={close} />
    </div>,
  );
  const input = screen.getByLabelText('query');
  const press = (key: string) => fireEvent.keyDown(input, { key });
  return { choose, close, outside, input, press, index: () => Number(input.getAttribute('data-index')) };
}

describe('useListKeys', () => {
  it('moves down and up within the list, never past its ends', () => {
    const list = setUp(3);
    expect(list.index()).toBe(0);
    list.press('ArrowUp');
    expect(list.index()).toBe(0);
    list.press('ArrowDown');
    list.press('ArrowDown');
    expect(list.index()).toBe(2);
    list.press('ArrowDown');
    expect(list.index()).toBe(2);
    list.press('ArrowUp');
    expect(list.index()).toBe(1);
  });

  it('chooses the option the keyboard is on with Enter', () => {
    const list = setUp(3);
    list.press('ArrowDown');
    list.press('Enter');
    expect(list.choose).toHaveBeenCalledWith(1);
    expect(list.close).not.toHaveBeenCalled();
  });

  it('closes on Escape, and the key goes no further than the list', () => {
    const list = setUp(2);
    list.press('Escape');
    expect(list.close).toHaveBeenCalledTimes(1);
    expect(list.choose).not.toHaveBeenCalled();
    expect(list.outside).not.toHaveBeenCalled();
    // Any other key is the text box's own, and reaches the window.
    list.press('a');
    expect(list.outside).toHaveBeenCalledTimes(1);
    expect(list.index()).toBe(0);
  });

  it('takes Enter from the text box and leaves a letter to it', () => {
    const list = setUp(2);
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    list.input.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(true);
    const letter = new KeyboardEvent('keydown', { key: 'x', bubbles: true, cancelable: true });
    list.input.dispatchEvent(letter);
    expect(letter.defaultPrevented).toBe(false);
  });
});
