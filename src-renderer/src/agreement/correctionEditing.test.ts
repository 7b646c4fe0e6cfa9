// A kept correction taken up again: only over a ground-truth line of the task, its calls those the
// text holds, else the line's (the text did not parse when it was left).
import { describe, expect, it } from 'vitest';
import type { GroundTruth } from '../../../shared/format/types';
import type { Correction } from './correctionDraft';
import { editingOf } from './correctionEditing';

const line: GroundTruth = { task_id: 't1', calls: [{ tool_name: 'get_price', parameters: { product_name: 'Penne' } }], visual_refs: [], source: 'adjudicated', note: 'as imported' };
const kept = (text: string, truth: unknown = line): Correction => ({ text, note: 'typed', truth: typeof truth === 'string' ? truth : JSON.stringify(truth), updatedAt: '2026-12-05T10:00:00.000Z' });

describe('a kept correction taken up again', () => {
  it('holds the calls its text holds, over the line it began from', () => {
    const text = '[{"tool_name": "add_to_cart", "parameters": {"qty": 2}}]';
    expect(editingOf(kept(text), 't1')).toEqual({ text, note: 'typed', base: line, calls: [{ tool_name: 'add_to_cart', parameters: { qty: 2 } }] });
  });

  it("keeps the line's calls while its text does not parse", () => {
    expect(editingOf(kept('[{"tool_name": '), 't1')?.calls).toEqual(line.calls);
  });

  it('is none over a line of another task, or one that is no ground-truth line', () => {
    expect(editingOf(kept('[]'), 't2')).toBeNull();
    expect(editingOf(kept('[]', '{not json'), 't1')).toBeNull();
    expect(editingOf(kept('[]', [line]), 't1')).toBeNull();
    expect(editingOf(kept('[]', { ...line, calls: [{ tool_name: 'x' }] }), 't1')).toBeNull();
    expect(editingOf(kept('[]', { ...line, note: 3 }), 't1')).toBeNull();
    expect(editingOf(kept('[]', { ...line, visual_refs: {} }), 't1')).toBeNull();
  });
});
