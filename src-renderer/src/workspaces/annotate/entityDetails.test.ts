import { describe, expect, it } from 'vitest';
import { distinguishingColumns } from './entityDetails';

describe('distinguishingColumns', () => {
  it('takes the first two text columns besides the key, never ids or numbers', () => {
    const products = [
      { name: 'product_name', type: 'TEXT' },
      { name: 'price', type: 'REAL' },
      { name: 'category', type: 'TEXT' },
      { name: 'user_id', type: 'TEXT' },
      { name: 'colour', type: 'VARCHAR(20)' },
      { name: 'shape', type: 'TEXT' },
    ];
    expect(distinguishingColumns(products, 'product_name')).toEqual(['category', 'colour']);
    expect(distinguishingColumns(products, 'category', 1)).toEqual(['product_name']);
    expect(distinguishingColumns([{ name: 'name', type: 'TEXT' }, { name: 'qty', type: 'INTEGER' }], 'name')).toEqual([]);
  });
});
