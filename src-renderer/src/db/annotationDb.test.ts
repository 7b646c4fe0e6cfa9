// The v1 -> v2 row upgrade as a pure function. The upgrade of a real database (dexie over
// Chromium's IndexedDB, every row, the new stores and indexes) is tested end to end in
// e2e/browser/annotate-db-upgrade.spec.ts.
import { describe, expect, it } from 'vitest';
import { CURRENT_VERSION, schemaVersions, upgradeRowV1 } from './annotationDb';
import type { AnnotationRecordV1 } from './schema';

const v1Row: AnnotationRecordV1 = {
  dataset: 'sample',
  task: 'retail-01',
  annotator: 'alice',
  calls: [
    { tool_name: 'get_price', parameters: { product_name: 'wine' } },
    { tool_name: 'add_to_cart', parameters: { product_name: 'wine', qty: 2 } },
  ],
  visual_refs: [{ id: 'r1', description: 'the black bottle', entity: 'Merlot', start: 1, end: 2.033 }],
  status: 'draft',
  revision: 3,
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('upgradeRowV1', () => {
  it('gives calls ids in order and no evidence frame, references frames at 30 fps and no binding, no file base', () => {
    expect(upgradeRowV1(v1Row)).toEqual({
      ...v1Row,
      calls: [
        { id: 'c1', tool_name: 'get_price', parameters: { product_name: 'wine' }, frame: null },
        { id: 'c2', tool_name: 'add_to_cart', parameters: { product_name: 'wine', qty: 2 }, frame: null },
      ],
      visual_refs: [{ id: 'r1', description: 'the black bottle', entity: 'Merlot', start: 1, end: 2.033, start_frame: 30, end_frame: 60, binding: null }],
      base: null,
      editor_text: null,
    });
  });

  it('derives frames at the given fps and leaves the input row as it was', () => {
    const before = structuredClone(v1Row);
    expect(upgradeRowV1(v1Row, 25).visual_refs[0]).toMatchObject({ start_frame: 25, end_frame: 50 });
    expect(v1Row).toEqual(before);
  });

  it('handles a row without calls or references', () => {
    const empty = upgradeRowV1({ ...v1Row, calls: [], visual_refs: [] });
    expect(empty).toMatchObject({ calls: [], visual_refs: [], base: null, editor_text: null, revision: 3 });
  });

  it('only ever adds versions; the current one declares every table of the older ones', () => {
    expect(Object.keys(schemaVersions).map(Number)).toEqual([1, 2, CURRENT_VERSION]);
    for (const table of Object.keys(schemaVersions[1])) expect(schemaVersions[CURRENT_VERSION]).toHaveProperty(table);
  });
});
