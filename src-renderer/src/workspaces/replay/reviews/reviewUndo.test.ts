import { beforeEach, describe, expect, it } from 'vitest';
import { undoDescription, useReviewUndo } from './reviewUndo';

const perception = { label: 'perception', autoLabel: 'perception', reason: 'the wrong bottle' } as const;

describe("a run's review changes, to undo", () => {
  beforeEach(() => useReviewUndo.setState({ changes: new Map() }));

  it('gives back what each change replaced, newest first, per run', () => {
    const { recordChange, takeLastChange } = useReviewUndo.getState();
    recordChange({ datasetId: 'd', trajectoryId: 't1', reviewer: 'bob', before: null });
    recordChange({ datasetId: 'd', trajectoryId: 't1', reviewer: 'bob', before: perception });
    recordChange({ datasetId: 'd', trajectoryId: 't2', reviewer: 'bob', before: null });
    expect(takeLastChange('d', 't1')).toEqual({ datasetId: 'd', trajectoryId: 't1', reviewer: 'bob', before: perception });
    expect(takeLastChange('d', 't1')?.before).toBeNull();
    expect(takeLastChange('d', 't1')).toBeNull();
    expect(takeLastChange('d', 't2')?.trajectoryId).toBe('t2');
  });

  it('says what Undo puts back', () => {
    expect(undoDescription({ datasetId: 'd', trajectoryId: 't', reviewer: 'bob', before: perception })).toBe('perception: the wrong bottle');
    expect(undoDescription({ datasetId: 'd', trajectoryId: 't', reviewer: 'bob', before: null })).toBe('no review');
  });
});
