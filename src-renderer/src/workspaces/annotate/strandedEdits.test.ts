import { describe, expect, it } from 'vitest';
import { emptyAnnotation } from '../../db/annotationRepo';
import { editOf, strandedText, withStranded } from './strandedEdits';

const row = (task: string, annotator: string, product: string) => ({
  ...emptyAnnotation({ dataset: 'd', task, annotator }),
  calls: [{ id: `c-${product}`, tool_name: 'get_price', parameters: { product_name: product }, frame: null }],
  editor_text: `[${product}`,
});

describe('edits held since the view left them', () => {
  it('holds one edit per row, the newest in place of an older one', () => {
    const first = row('t1', 'ann', 'A');
    const other = row('t1', 'bob', 'B');
    const newer = row('t1', 'ann', 'C');
    expect(withStranded(withStranded([first], other), newer)).toEqual([other, newer]);
    expect(withStranded([first], row('t2', 'ann', 'D')).map((edit) => edit.task)).toEqual(['t1', 't2']);
  });

  it('saves and copies what the person wrote, typed text included', () => {
    const edit = row('t1', 'ann', 'A');
    expect(editOf(edit)).toEqual({ calls: edit.calls, visual_refs: [], status: 'draft', editor_text: '[A' });
    const copied = JSON.parse(strandedText([edit])) as Array<Record<string, unknown>>;
    expect(copied).toEqual([{ dataset: 'd', annotator: 'ann', task: 't1', status: 'draft', calls: edit.calls, visual_refs: [], editor_text: '[A' }]);
  });
});
