// @vitest-environment happy-dom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { TrajectoryRow } from '../../evaluation/protocol';
import { useShownRow } from './useShownRow';

afterEach(cleanup);

const row = (id: string, label: string) => ({ id, label }) as unknown as TrajectoryRow;

it("keeps the open run's row while its dataset is scored again, not when another dataset has a run of that id", () => {
  const first = row('m/static/t1', 'logic');
  const { result, rerender } = renderHook((p: { datasetId: string; found: TrajectoryRow | null; scoring: boolean }) => useShownRow(p.datasetId, 'm/static/t1', p.found, p.scoring), {
    initialProps: { datasetId: 'a', found: first as TrajectoryRow | null, scoring: false },
  });
  expect(result.current).toBe(first);
  // Rescored: its row is not back yet, the last one stays.
  rerender({ datasetId: 'a', found: null, scoring: true });
  expect(result.current).toBe(first);
  // Another dataset, scored, whose runs have the same ids: nothing until its own row comes.
  rerender({ datasetId: 'b', found: null, scoring: true });
  expect(result.current).toBeNull();
  const second = row('m/static/t1', 'correct');
  rerender({ datasetId: 'b', found: second, scoring: true });
  expect(result.current).toBe(second);
});
