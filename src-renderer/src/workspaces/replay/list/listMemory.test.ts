import { describe, expect, it } from 'vitest';
import { useListMemoryStore } from './listMemory';

describe('Replay list memory', () => {
  it("keeps each dataset's filters, sort, search and review filter apart", () => {
    const store = useListMemoryStore.getState();
    store.filtersChanged('d1', { label: 'logic' });
    store.sortChanged('d1', { column: 'task', direction: 'desc' } as never);
    store.queryChanged('d2', 'espresso');
    store.reviewChanged('d2', 'changed');
    const { byDataset } = useListMemoryStore.getState();
    expect(byDataset.d1).toMatchObject({ filters: { label: 'logic' }, query: '', review: 'all' });
    expect(byDataset.d1.sort).not.toBeNull();
    expect(byDataset.d2).toMatchObject({ filters: {}, sort: null, query: 'espresso', review: 'changed' });
  });
});
