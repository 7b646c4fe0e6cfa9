// @vitest-environment happy-dom
// Which copy of a correction in progress a view goes on from, and where its changes go.
import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Correction } from './correctionDraft';
import { keepInBrowser } from './correctionDraft';
import type { DraftHost } from './draftWriteThrough';
import { useCorrectionKeeper } from './useCorrectionKeeper';

const correction = (text: string, updatedAt: string): Correction => ({ text, note: '', truth: '{}', updatedAt });
const fileWith = (path: string, inFile: Correction | null) => {
  const saved: [string, Correction | null][] = [];
  const host = { path, loadCorrection: async () => inFile, saveCorrection: (task: string, c: Correction | null) => saved.push([task, c]) } as unknown as DraftHost;
  return { host, saved };
};

beforeEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

describe('a correction in progress', () => {
  it('goes on from the later of the browser’s copy and the file’s', async () => {
    keepInBrowser('d', 't1', correction('[browser]', '2026-12-05T10:00:00.000Z'));
    const { host } = fileWith('adjudication/a.jsonl', correction('[file]', '2026-12-05T10:00:05.000Z'));
    const { result } = renderHook(() => useCorrectionKeeper('d', 't1', host));
    expect(result.current.found).toBeUndefined();
    await waitFor(() => expect(result.current.found?.text).toBe('[file]'));
  });

  it('does not go on from a file’s copy older than its cancel or write in this browser', async () => {
    const { host } = fileWith('adjudication/a.jsonl', correction('[file]', '2020-01-01T00:00:00.000Z'));
    keepInBrowser('d', 't1', null);
    const { result } = renderHook(() => useCorrectionKeeper('d', 't1', host));
    await waitFor(() => expect(result.current.found).toBeNull());
  });

  it('with no file, goes on from the browser’s copy at once', () => {
    keepInBrowser('d', 't1', correction('[browser]', '2026-12-05T10:00:00.000Z'));
    const { result } = renderHook(() => useCorrectionKeeper('d', 't1', null));
    expect(result.current.found?.text).toBe('[browser]');
  });

  it('moves its line when the adjudicator’s name changes mid-edit', async () => {
    const first = fileWith('adjudication/a.jsonl', null);
    const second = fileWith('adjudication/b.jsonl', null);
    const { result, rerender } = renderHook(({ host }) => useCorrectionKeeper('d', 't1', host), { initialProps: { host: first.host } });
    const c = correction('[typed]', '2026-12-05T10:00:00.000Z');
    result.current.keep(c);
    rerender({ host: second.host });
    result.current.keep(c);
    expect(first.saved).toEqual([['t1', c], ['t1', null]]);
    expect(second.saved).toEqual([['t1', c]]);
  });
});
