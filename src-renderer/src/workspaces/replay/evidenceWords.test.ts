import { describe, expect, it } from 'vitest';
import { evidenceInWords } from './evidenceWords';

describe('evidence in words', () => {
  it('names calls and ground-truth rows from 1, as the UI numbers them', () => {
    expect(evidenceInWords({ entry: 2, gt_call: 2, path: 'product_name', value: 'milk' })).toEqual(['call 3', 'ground-truth row 3', 'at product_name: "milk"']);
    expect(evidenceInWords({ missing: [{ gt_call: 0, tool_name: 'get_cart' }, { gt_call: 1 }] })).toEqual(['missing ground-truth row 1 (get_cart)', 'missing ground-truth row 2']);
    expect(evidenceInWords({ extra_calls: [{ entry: 4 }] })).toEqual(['extra call 5']);
  });

  it('says nothing of what it does not know', () => {
    expect(evidenceInWords(null)).toEqual([]);
    expect(evidenceInWords([1, 2])).toEqual([]);
    expect(evidenceInWords({ entry: -1, gt_call: 'x' })).toEqual([]);
  });
});
