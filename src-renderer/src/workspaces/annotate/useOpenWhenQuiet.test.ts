// @vitest-environment happy-dom
// The conflict dialog opens once the keyboard is quiet, never mid-typing.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUIET_MS, useOpenWhenQuiet } from './useOpenWhenQuiet';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => vi.useRealTimers());

const type = () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));

describe('useOpenWhenQuiet', () => {
  it('waits while keys keep coming, opens after a pause, and stays open for its key', () => {
    const { result, rerender } = renderHook(({ key }) => useOpenWhenQuiet(key), { initialProps: { key: null as string | null } });
    act(() => type());
    rerender({ key: 'conflict-1' });
    for (let i = 0; i < 10; i++) {
      act(() => {
        vi.advanceTimersByTime(QUIET_MS / 2);
        type();
      });
      expect(result.current).toBe(false);
    }
    act(() => vi.advanceTimersByTime(QUIET_MS));
    expect(result.current).toBe(true);
    act(() => type());
    expect(result.current).toBe(true);
    rerender({ key: null });
    expect(result.current).toBe(false);
  });

  it('waits while another dialog is open (the shortcut list), then opens', () => {
    const other = document.body.appendChild(Object.assign(document.createElement('div'), { className: 'dialog hotkey-help' }));
    other.setAttribute('role', 'dialog');
    other.setAttribute('data-state', 'open');
    act(() => type()); // the last key on this test's clock
    const { result } = renderHook(() => useOpenWhenQuiet('conflict-2'));
    act(() => vi.advanceTimersByTime(QUIET_MS * 3));
    expect(result.current).toBe(false);
    other.remove();
    act(() => vi.advanceTimersByTime(QUIET_MS));
    expect(result.current).toBe(true);
  });
});
