// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PANE_MAX_WIDTH, PANE_MIN_WIDTH, usePaneWidth } from './usePaneWidth';

const KEY = 'egobench.test.paneWidth';
beforeEach(() => localStorage.clear());

describe('a pane width set by its edge', () => {
  it('is remembered in this browser, within its limits, and forgotten when fitted again', () => {
    const first = renderHook(() => usePaneWidth(KEY));
    expect(first.result.current[0]).toBeNull();
    act(() => first.result.current[1](612.4));
    expect(first.result.current[0]).toBe(612);
    first.unmount();
    const again = renderHook(() => usePaneWidth(KEY));
    expect(again.result.current[0]).toBe(612);
    act(() => again.result.current[1](12));
    expect(again.result.current[0]).toBe(PANE_MIN_WIDTH);
    act(() => again.result.current[1](1e9));
    expect(again.result.current[0]).toBe(PANE_MAX_WIDTH);
    act(() => again.result.current[1](null));
    expect(again.result.current[0]).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('reads a stored value that is no width as none', () => {
    localStorage.setItem(KEY, '"wide"');
    expect(renderHook(() => usePaneWidth(KEY)).result.current[0]).toBeNull();
    localStorage.setItem(KEY, '{');
    expect(renderHook(() => usePaneWidth(KEY)).result.current[0]).toBeNull();
  });
});
