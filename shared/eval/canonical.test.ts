import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParamSchema, ToolDef } from '../format/types';
import { callsEqual, canonicalString, maxMatching, numbersEqual, valuesEqual, type MatchContext } from './canonical';

const rows: Record<string, string[]> = { 'products.product_name': ['Green Apple', 'Red Apple', 'Whole Milk'] };
const ctx: MatchContext = {
  entities: (table, column, s) => {
    const found = new Set<number>();
    (rows[`${table}.${column}`] ?? []).forEach((v, i) => {
      const a = v.toLowerCase();
      const b = s.toLowerCase();
      if (a.includes(b) || b.includes(a)) found.add(i);
    });
    return found;
  },
};

describe('SPEC §8.1 canonical strings', () => {
  it('normalises quotes, NFKC, case and whitespace, in that order', () => {
    expect(canonicalString('  Ben’s  “BEST”\tＣｏｆｆｅｅ \n')).toBe('ben\'s "best" coffee');
    expect(canonicalString('it‘s ‛x´ `y`')).toBe("it's 'x' 'y'");
    expect(canonicalString('„quoted”')).toBe('"quoted"');
    // Unicode's whitespace (White_Space), not JavaScript's: U+0085 is, U+FEFF is not.
    expect(canonicalString('\u0085for\u0085\u2028Mum\u0085')).toBe('for mum');
    expect(canonicalString('\uFEFFfor\uFEFFMum')).toBe('\uFEFFfor\uFEFFmum');
  });

  it('compares numbers with a relative tolerance, and never a string with a number', () => {
    expect(numbersEqual(1, 1 + 1e-7)).toBe(true);
    expect(numbersEqual(1e9, 1e9 + 100)).toBe(true);
    expect(numbersEqual(0, 2e-6)).toBe(false);
    // 1e400 reads as Infinity: it equals only the same infinity, not every number (the formula held for any).
    const overflow = JSON.parse('1e400') as number;
    expect(numbersEqual(overflow, 5)).toBe(false);
    expect(numbersEqual(5, overflow)).toBe(false);
    expect(numbersEqual(overflow, -overflow)).toBe(false);
    expect(numbersEqual(overflow, overflow)).toBe(true);
    expect(valuesEqual({ qty: overflow }, { qty: 2 }, undefined, ctx)).toBe(false);
    expect(valuesEqual('2', 2, undefined, ctx)).toBe(false);
    expect(valuesEqual(true, 1, undefined, ctx)).toBe(false);
  });

  it('drops null-valued keys and compares keys as sets', () => {
    expect(valuesEqual({ a: 1, b: null }, { a: 1 }, undefined, ctx)).toBe(true);
    expect(valuesEqual({ a: 1, c: 2 }, { a: 1, b: 2 }, undefined, ctx)).toBe(false);
    expect(valuesEqual({ constructor: 1 }, {}, undefined, ctx)).toBe(false);
  });

  it('compares arrays as multisets unless x-ordered', () => {
    const unordered: ParamSchema = { type: 'array', items: { type: 'string' } };
    const ordered: ParamSchema = { ...unordered, 'x-ordered': true };
    expect(valuesEqual(['A', 'b', 'b'], ['b', 'a', 'B'], unordered, ctx)).toBe(true);
    expect(valuesEqual(['a', 'a', 'b'], ['a', 'b', 'b'], unordered, ctx)).toBe(false);
    expect(valuesEqual(['a', 'b'], ['b', 'a'], ordered, ctx)).toBe(false);
    expect(valuesEqual(['a', 'b'], ['A', 'B '], ordered, ctx)).toBe(true);
  });

  it('x-match exact compares untouched strings', () => {
    expect(valuesEqual('ABC', 'abc', { type: 'string', 'x-match': 'exact' }, ctx)).toBe(false);
    expect(valuesEqual('ABC', 'ABC', { type: 'string', 'x-match': 'exact' }, ctx)).toBe(true);
  });

  it('x-match entity: shared seed rows, else containment when a side finds none', () => {
    const schema: ParamSchema = { type: 'string', 'x-match': { entity: 'products.product_name' } };
    expect(valuesEqual('green', 'Green Apple', schema, ctx)).toBe(true);
    expect(valuesEqual('apple', 'Red Apple', schema, ctx)).toBe(true);
    expect(valuesEqual('Green Apple', 'Red Apple', schema, ctx)).toBe(false);
    expect(valuesEqual('Kiwi', 'kiwi fruit', schema, ctx)).toBe(true);
    expect(valuesEqual('Kiwi', 'Mango', schema, ctx)).toBe(false);
  });

  it('tool names compare exactly after trimming; undeclared parameters are ignored', () => {
    const tool: ToolDef = { name: 'f', description: '', effect: 'read', steps: [], parameters: { type: 'object', properties: { a: { type: 'string' } } } };
    const tools = new Map([['f', tool]]);
    expect(callsEqual({ tool_name: ' f ', parameters: { a: 'X', junk: 1 } }, { tool_name: 'f', parameters: { a: 'x' } }, tools, ctx)).toBe(true);
    expect(callsEqual({ tool_name: 'F', parameters: {} }, { tool_name: 'f', parameters: {} }, tools, ctx)).toBe(false);
  });

  it('maximum matching finds the best pairing where a greedy one would not', () => {
    // left 0 matches right 0 and 1; left 1 matches only right 0.
    const pairs = maxMatching(2, 2, (l, r) => (l === 0 ? true : r === 0));
    expect(pairs.size).toBe(2);
  });
});

const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string({ maxLength: 6 }),
    fc.constantFrom('Green Apple', 'green', 'APPLE', ' Milk '),
    fc.integer({ min: -3, max: 3 }),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -10, max: 10 }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'product_name'), tie('value'), { maxKeys: 3 }),
  ),
})).value;

describe('matching properties', () => {
  const schemas: (ParamSchema | undefined)[] = [
    undefined,
    { type: 'string', 'x-match': { entity: 'products.product_name' } },
    { type: 'string', 'x-match': 'exact' },
    { type: 'array', 'x-ordered': true },
    { type: 'object', properties: { product_name: { 'x-match': { entity: 'products.product_name' } } } },
  ];
  it('is symmetric', () => {
    fc.assert(
      fc.property(jsonValue, jsonValue, fc.constantFrom(...schemas), (a, b, schema) => {
        expect(valuesEqual(a, b, schema, ctx)).toBe(valuesEqual(b, a, schema, ctx));
      }),
      { numRuns: 500 },
    );
  });

  it('is reflexive', () => {
    fc.assert(fc.property(jsonValue, fc.constantFrom(...schemas), (a, schema) => valuesEqual(a, a, schema, ctx)), { numRuns: 300 });
  });
});
