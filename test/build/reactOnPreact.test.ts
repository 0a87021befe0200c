// The window is written to React's API and rendered by Preact (scripts/reactOnPreact.mjs): the build
// and the window's tests resolve React's names to the same modules, so what the tests render ships.
import { createRequire } from 'node:module';
import * as compat from 'preact/compat';
import * as react from 'react';
import { describe, expect, it } from 'vitest';
import config from '../../electron.vite.config';
import { REACT_ON_PREACT, TESTS_ON_PREACT } from '../../scripts/reactOnPreact.mjs';

const require = createRequire(import.meta.url);

describe('React on Preact', () => {
  it("is what the build's renderer resolves React's names to", () => {
    const renderer = (config as { renderer: { resolve: { alias: unknown[] } } }).renderer;
    expect(renderer.resolve.alias).toEqual(REACT_ON_PREACT);
  });

  it("is what the window's tests render with", () => {
    expect(react.createElement).toBe(compat.createElement);
    expect(react.useState).toBe(compat.useState);
    expect(TESTS_ON_PREACT.alias.slice(-REACT_ON_PREACT.length)).toEqual(REACT_ON_PREACT);
  });

  it("maps each of React's entry points to a module that exists, and names no other package", () => {
    for (const entry of ['react', 'react-dom', 'react-dom/client', 'react-dom/test-utils', 'react/jsx-runtime']) {
      const alias = REACT_ON_PREACT.find((candidate) => candidate.find.test(entry));
      expect(alias, entry).toBeDefined();
      expect(() => require.resolve(alias!.replacement)).not.toThrow();
    }
    for (const other of ['react-markdown', 'react-redux', 'react-dom-x', '@tanstack/react-virtual', 'lucide-react'])
      expect(
        REACT_ON_PREACT.some((alias) => alias.find.test(other)),
        other,
      ).toBe(false);
  });

  it('takes the ES module builds of the packages it renders with, from files that exist', () => {
    for (const alias of TESTS_ON_PREACT.alias.slice(0, -REACT_ON_PREACT.length))
      expect(() => require.resolve(alias.replacement)).not.toThrow();
  });
});
