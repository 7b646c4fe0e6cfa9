import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ScenarioEngine } from '../engine/types';
import type { ParamSchema, ScenarioDef, ToolCall, ToolDef } from '../format/types';
import { comparedPairSums, pooledAlphaSums, type PooledAnnotation } from './agreement-alpha';
import type { AgreementDataset } from './agreement-report';
import { callClasses, classAlphaSums, type CallEquality, type CallRules, type PooledCallList } from './alpha-sums';
import { equalityShape } from './equality-shape';
import { callKey, normalizeCalls, toolMap } from './calls';
import { callsEqual, matchCalls, maxMatching, numbersEqual, type MatchContext } from './canonical';
import { matchContext } from './match-context';
import type { EngineProvider } from './evaluate';

/** A seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return (state >>> 16) % n; // the high bits: the low ones of this generator cycle in a few steps
  };
}

const call = (tool: string, value: string | number): ToolCall => normalizeCalls([{ tool_name: tool, parameters: { v: value } }])[0];

/** Every ordered pair compared, as pooledDistanceSums does it with agreement-report's distance. */
function pairwiseSums(pooled: readonly PooledCallList[], groupEquality: (g: number) => CallEquality, crossEquality: CallEquality) {
  let total = 0;
  const byGroup = new Map<number, number>();
  for (let i = 0; i < pooled.length; i++)
    for (let j = 0; j < pooled.length; j++) {
      if (i === j) continue;
      const [x, y] = [pooled[i], pooled[j]];
      const same = x.group === y.group;
      const equal = same ? groupEquality(x.group) : crossEquality;
      let d: number;
      if (x.calls.length === 0 || y.calls.length === 0) d = x.calls.length === y.calls.length ? 0 : 1;
      else {
        const m = maxMatching(x.calls.length, y.calls.length, (a, b) => x.calls[a].tool_name === y.calls[b].tool_name && equal(x.calls[a], y.calls[b])).size;
        d = 1 - (2 * m) / (x.calls.length + y.calls.length);
      }
      total += d;
      if (same) byGroup.set(x.group, (byGroup.get(x.group) ?? 0) + d);
    }
  return { total, byGroup };
}

/** Values equal when their lower-cased text is (an equivalence); in group 1, numbers also by their integer part. */
const canonicalEquality: CallEquality = (a, b) => String(a.parameters.v).toLowerCase() === String(b.parameters.v).toLowerCase();
const byIntegerPart: CallEquality = (a, b) =>
  typeof a.parameters.v === 'number' && typeof b.parameters.v === 'number' ? Math.trunc(a.parameters.v) === Math.trunc(b.parameters.v) : canonicalEquality(a, b);

function pooledAnnotations(seed: number, count: number): PooledCallList[] {
  const next = random(seed);
  const tools = ['get_price', 'add_to_cart', 'get_cart', 'find'];
  const values = ['Milk', 'milk', 'MILK', 'Bread', 'Jam', 1, 1.5, 2, 2.25, 3];
  return Array.from({ length: count }, () => ({
    group: next(3),
    calls: Array.from({ length: next(5) }, () => call(tools[next(tools.length)], values[next(values.length)])),
  }));
}

describe('alpha sums counted by classes of equal calls', () => {
  it('equal every pair compared, overall and per group, on random annotations (some empty, repeated calls, groups with their own equality)', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const pooled = pooledAnnotations(seed, 60);
      const groupEquality = (g: number) => (g === 1 ? byIntegerPart : canonicalEquality);
      const counted = classAlphaSums(pooled, 3, (g) => ({ equal: groupEquality(g) }), { equal: canonicalEquality })!;
      const compared = pairwiseSums(pooled, groupEquality, canonicalEquality);
      expect(counted.total).toBeCloseTo(compared.total, 9);
      for (const [group, sum] of compared.byGroup) expect(counted.byGroup.get(group)).toBeCloseTo(sum, 9);
    }
  });

  it('match loose classes (within a tolerance, 1 ~ 1.4 ~ 1.8 but 1 is not 1.8) between the annotations holding them: equal every pair compared', () => {
    const nearby: CallEquality = (a, b) => Math.abs(Number(a.parameters.v) - Number(b.parameters.v)) <= 0.5;
    const pooled: PooledCallList[] = [1, 1.4, 1.8].map((v) => ({ group: 0, calls: [call('set', v)] }));
    const classes = callClasses(pooled.flatMap((p) => p.calls), { equal: nearby }, { left: 100 })!;
    expect(new Set(classes.classOf.values()).size).toBe(1);
    expect(classes.loose.size).toBe(1);
    // 1-1.4 and 1.4-1.8 match (distance 0), 1-1.8 do not (1): 2 ordered pairs at 1.
    expect(classAlphaSums(pooled, 1, () => ({ equal: nearby }), { equal: nearby })!.total).toBe(2);
    expect(classAlphaSums([pooled[0], pooled[2]], 1, () => ({ equal: nearby }), { equal: nearby })!.total).toBe(2);
  });

  it('equal every pair compared on random annotations where equality is not an equivalence (a tolerance), within groups and across', () => {
    const within = (tolerance: number): CallEquality => (a, b) => {
      const [x, y] = [a.parameters.v, b.parameters.v];
      return typeof x === 'number' && typeof y === 'number' ? Math.abs(x - y) <= tolerance : canonicalEquality(a, b);
    };
    for (const seed of [11, 12, 13, 14, 15, 16]) {
      const pooled = pooledAnnotations(seed, 50);
      const groupEquality = (g: number) => within(g === 2 ? 0 : 0.5);
      const counted = classAlphaSums(pooled, 3, (g) => ({ equal: groupEquality(g) }), { equal: within(0.3) })!;
      const compared = pairwiseSums(pooled, groupEquality, within(0.3));
      expect(counted.total).toBeCloseTo(compared.total, 9);
      for (const [group, sum] of compared.byGroup) expect(counted.byGroup.get(group)).toBeCloseTo(sum, 9);
    }
  });

  it('give way when a comparison fails (a list too long to match), leaving the pairs to be compared and said so', () => {
    const failing: CallEquality = () => {
      throw new Error('too long');
    };
    expect(classAlphaSums([{ group: 0, calls: [call('a', 1)] }, { group: 0, calls: [call('a', 2)] }], 1, () => ({ equal: failing }), { equal: failing })).toBeNull();
  });

  it('sort calls into classes per tool: the same value under two tools is two classes', () => {
    const classes = callClasses([call('a', 'x'), call('b', 'x'), call('a', 'X')], { equal: canonicalEquality }, { left: 100 })!;
    const ids = [call('a', 'x'), call('b', 'x'), call('a', 'X')].map((c) => classes.classOf.get(`${c.tool_name}\u0000${JSON.stringify(c.parameters)}`));
    expect(ids[0]).toBe(ids[2]);
    expect(ids[0]).not.toBe(ids[1]);
  });
});

// The class path with buckets (calls of different shapes never compared) against every pair
// compared, under the real call equality: SPEC §8.1's tolerance, null keys, undeclared parameters,
// x-ordered and unordered arrays, x-match exact and entity, tools unknown to a scenario, and the
// default rules across scenarios.
const PRODUCTS = ['Green Apple', 'Red Apple', 'Whole Milk', 'Coca Cola Zero', 'Coca Cola Classic'];
/** The seed rows a name fuzzy-matches (either one containing the other, case-insensitive), as an engine's entityMatches. */
const entityMatches = (_table: string, _column: string, s: string) =>
  new Set(PRODUCTS.flatMap((p, row) => (p.toLowerCase().includes(s.toLowerCase()) || s.toLowerCase().includes(p.toLowerCase()) ? [row] : [])));
const ENGINE = { entityMatches } as unknown as ScenarioEngine;
const CTX: MatchContext = { entities: entityMatches };

const tool = (name: string, properties: Record<string, ParamSchema>): ToolDef => ({
  name,
  description: '',
  parameters: { type: 'object', properties },
  effect: 'write',
  steps: [],
});
const ENTITY: ParamSchema = { type: 'string', 'x-match': { entity: 'products.product_name' } };
const NUMBER: ParamSchema = { type: 'number' };
/** Scenario A: entity names, numbers, ordered and unordered arrays, exact codes, nested objects. Scenario B: the same names, other rules. */
const TOOLS: Record<string, ToolDef[]> = {
  A: [
    tool('add', { product: ENTITY, qty: NUMBER, note: { type: 'string' } }),
    tool('route', { stops: { type: 'array', items: NUMBER, 'x-ordered': true }, tags: { type: 'array', items: { type: 'string' } } }),
    tool('code', { code: { type: 'string', 'x-match': 'exact' }, qty: NUMBER }),
    tool('box', { size: { type: 'object', properties: { w: NUMBER, unit: { type: 'string', 'x-match': 'exact' } }, additionalProperties: ENTITY } }),
  ],
  B: [tool('add', { product: { type: 'string' }, qty: NUMBER }), tool('route', { stops: { type: 'array', items: ENTITY } })],
  C: [tool('add', { product: ENTITY, qty: NUMBER })],
};

/** A dataset and engines as pooledAlphaSums reads them; scenario C's engine could not be built (its entity names then compare by containment). */
function fakeDataset(): { dataset: AgreementDataset; engines: EngineProvider } {
  const scenarios = new Map(Object.entries(TOOLS).map(([id, tools]) => [id, { id, library: { state_tables: [], tools } } as unknown as ScenarioDef]));
  const dataset = { scenarios, annotations: new Map(), problems: [], tasks: new Map() } as unknown as AgreementDataset;
  return { dataset, engines: (id) => (id === 'C' ? { error: 'no seed', file: 'scenarios/C' } : ENGINE) };
}

/** Numbers on either side of the tolerance (1e-6 of the larger, at least 1e-6), of twice it, past a double's range, and any. */
const nearBoundary = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(0, 1, -1, 0.3, 2.5, 1000, 2500.01, -7e5, 1e6, 123456.789, 1e300, -1e-7),
      fc.constantFrom(0, 1e-6, -1e-6, 0.999999e-6, 1.000001e-6, 2e-6, -2e-6, 1.9999999e-6, 2.0000001e-6, 3e-6, 5e-7, 1e-12),
      fc.integer({ min: 0, max: 3 }),
      fc.boolean(),
    )
    .map(([base, nudge, times, relative]) => (relative ? base * (1 + nudge * times) : base + nudge * times)),
  fc.constantFrom(Infinity, -Infinity, -0),
  fc.double({ noNaN: true }),
);
const name = fc.constantFrom('Green Apple', 'green  apple', 'apple', 'APPLE', 'Red Apple', 'Milk', 'whole milk', 'Ｍilk', 'cola', 'Coca', 'zzz', 'it’s', "it's");
const orNull = <T,>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 4 });
const params = <T,>(record: { [K in keyof T]: fc.Arbitrary<T[K]> }) => fc.record(record, { requiredKeys: [] });
const anyCall = fc
  .oneof(
    params({ product: orNull(name), qty: orNull(nearBoundary), note: orNull(name), junk: fc.constantFrom(1, 'x') }).map((p) => ({ tool_name: 'add', parameters: p })),
    params({ stops: fc.array(fc.oneof(nearBoundary, name), { maxLength: 3 }), tags: fc.array(orNull(name), { maxLength: 3 }) }).map((p) => ({ tool_name: 'route', parameters: p })),
    params({ code: orNull(name), qty: nearBoundary }).map((p) => ({ tool_name: ' code', parameters: p })),
    params({ size: params({ w: orNull(nearBoundary), unit: fc.constantFrom('cm', 'CM', 'cm '), brand: orNull(name) }) }).map((p) => ({ tool_name: 'box', parameters: p })),
    params({ v: fc.oneof(nearBoundary, name, fc.boolean(), fc.array(nearBoundary, { maxLength: 2 })) }).map((p) => ({ tool_name: 'mystery', parameters: p })),
  )
  .map((c) => normalizeCalls([c as ToolCall])[0]);
/** Calls of one shape whose numbers sit a fraction of the tolerance apart: chains, loose classes, runs that touch. */
const denseCall = fc
  .tuple(fc.constantFrom(1, 0.2, 2500, -3e5, 1e9), fc.integer({ min: 0, max: 12 }), fc.constantFrom(0.3e-6, 0.5e-6, 0.9e-6, 1e-6, 1.1e-6, 2e-6), fc.boolean())
  .map(([base, k, step, ordered]) => {
    const qty = base >= 1 || base <= -1 ? base * (1 + k * step) : base + k * step;
    const call: ToolCall = ordered ? { tool_name: 'route', parameters: { stops: [qty, 'x'] } } : { tool_name: 'add', parameters: { product: 'Whole Milk', qty } };
    return normalizeCalls([call])[0];
  });
const someCall = fc.oneof(anyCall, denseCall);

/** A value like `value`, often equal to it under some rule: numbers moved by about the tolerance, other cases and spaces, items shuffled, null keys added. */
function nudged(value: unknown, next: (n: number) => number): unknown {
  if (typeof value === 'number') {
    const nudge = [0, 1e-6, -1e-6, 0.999999e-6, 1.000001e-6, 2e-6, 1e-7][next(7)];
    return next(2) === 0 ? value * (1 + nudge) : value + nudge;
  }
  if (typeof value === 'string') return [value, value.toUpperCase(), ` ${value}`, value.replace(' ', '  '), 'apple', 'milk'][next(6)];
  if (Array.isArray(value)) {
    const items = value.map((item) => nudged(item, next));
    for (let i = items.length - 1; i > 0 && next(2) === 0; i--) {
      const j = next(i + 1);
      [items[i], items[j]] = [items[j], items[i]];
    }
    return items;
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, nudged(v, next)]));
    if (next(3) === 0) out.extra = null;
    return out;
  }
  return value;
}

const close = (x: number, y: number) => Math.abs(x - y) <= 1e-12 * Math.max(1, Math.abs(x), Math.abs(y));

describe('alpha sums by classes of calls sorted into buckets of their shapes', () => {
  it('shapes are a necessary condition of equality: equal calls have one shape key and their numbers, place by place, equal', () => {
    const tools = [toolMap(TOOLS.A), toolMap(TOOLS.B), toolMap([])];
    let equalPairs = 0;
    fc.assert(
      fc.property(anyCall, fc.integer(), fc.integer({ min: 0, max: 2 }), (a, seed, t) => {
        // b: a with numbers nudged by about the tolerance, names in other cases and spaces, arrays shuffled, null keys added.
        const b = normalizeCalls([{ tool_name: a.tool_name, parameters: nudged(a.parameters, random(seed)) as ToolCall['parameters'] }])[0];
        if (!callsEqual(a, b, tools[t], CTX)) return;
        if (callKey(a) !== callKey(b)) equalPairs++;
        const [x, y] = [equalityShape(a, tools[t])!, equalityShape(b, tools[t])!];
        expect(x.key).toBe(y.key);
        expect(x.numbers.every((n, i) => numbersEqual(n, y.numbers[i]))).toBe(true);
      }),
      { numRuns: 3000 },
    );
    expect(equalPairs).toBeGreaterThan(300); // the property was put to the test
  });

  it('sort calls into the classes and loose classes that comparing every two of them gives (numbers near the tolerance, chains of them)', () => {
    const tools = toolMap(TOOLS.A);
    const rules: CallRules = { equal: (x, y) => callsEqual(x, y, tools, CTX), shapeOf: (c) => equalityShape(c, tools) };
    /** Each call's class as the set of the keys in it, and whether it is loose. */
    const partition = (calls: ToolCall[], r: CallRules) => {
      const classes = callClasses(calls, r, { left: 1e9 })!;
      const members = new Map<number, string[]>();
      for (const [key, k] of classes.classOf) members.set(k, [...(members.get(k) ?? []), key]);
      return calls.map((c) => {
        const k = classes.classOf.get(callKey(c))!;
        return `${members.get(k)!.sort().join('|')}${classes.loose.has(k) ? ' loose' : ''}`;
      });
    };
    fc.assert(
      fc.property(fc.array(someCall, { maxLength: 40 }), (calls) => {
        expect(partition(calls, rules)).toEqual(partition(calls, { equal: rules.equal }));
      }),
      { numRuns: 300 },
    );
  });

  it('alpha_dice sums from the classes equal every pair compared, overall and per scenario (pooled annotations of three scenarios)', () => {
    const { dataset, engines } = fakeDataset();
    const pooledArb = fc.array(fc.record({ scenario: fc.constantFrom('A', 'B', 'C'), calls: fc.array(someCall, { maxLength: 4 }) }), { minLength: 2, maxLength: 24 });
    fc.assert(
      fc.property(pooledArb, (pooled: PooledAnnotation[]) => {
        const counted = pooledAlphaSums(dataset, engines, pooled);
        expect(counted.path).toBe('classes');
        const compared = comparedPairSums(dataset, engines, pooled);
        expect(compared.tooLong).toBe(false);
        expect(close(counted.sums.total, compared.sums.total)).toBe(true);
        for (const [group, sum] of compared.sums.byGroup) expect(close(counted.sums.byGroup.get(group) ?? 0, sum)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('count 4,000 distinct calls of one tool by classes (past the 3,000 calls compared together, which used to send alpha to every pair)', () => {
    const { dataset, engines } = fakeDataset();
    // Task t: both annotators add quantity t in even tasks; in odd ones b adds 4,000 + t.
    const add = (qty: number) => normalizeCalls([{ tool_name: 'add', parameters: { product: 'Green Apple', qty } }]);
    const pooled: PooledAnnotation[] = [];
    for (let t = 0; t < 2_000; t++) pooled.push({ scenario: 'A', calls: add(t) }, { scenario: 'A', calls: add(t % 2 === 0 ? t : 4_000 + t) });
    expect(new Set(pooled.map((p) => callKey(p.calls[0]))).size).toBe(3_000);
    for (let t = 1; t < 2_000; t += 2) pooled.push({ scenario: 'A', calls: add(10_000 + t) }, { scenario: 'A', calls: add(10_000 + t) });
    const { sums, path } = pooledAlphaSums(dataset, engines, pooled);
    expect(path).toBe('classes');
    // Every two annotations at distance 1 but those with the same call: each even task's pair, and each added pair.
    const n = pooled.length;
    expect(sums.total).toBe(n * (n - 1) - 2 * (1_000 + 1_000));
  });
});

// Property run seed -1713394239 (numRuns 5000), shrunk: scenario B's `route` declares only `stops`,
// so `tags` is ignored there (SPEC §8.1) and B's two calls are equal; scenario A declares `tags`,
// where the same two calls differ. One engine object serves both scenarios in fakeDataset, and its
// match context remembered call verdicts by the two calls' keys alone: the pair first compared
// under A's tools (earlier in the run) kept its verdict under B's, and the pairs compared (the
// reference) put B's two annotations at distance 1 where the classes put them at 0.
describe('alpha sums: a verdict remembered under one scenario\'s tools is not taken under another\'s', () => {
  const route = (parameters: ToolCall['parameters']) => normalizeCalls([{ tool_name: 'route', parameters }]);
  /** fakeDataset's scenarios with one new engine shared by A and B (fresh memos: the test does not depend on the tests run before). */
  function shared() {
    const engine = { entityMatches } as unknown as ScenarioEngine;
    return { dataset: fakeDataset().dataset, engines: ((id: string) => (id === 'C' ? { error: 'no seed', file: 'scenarios/C' } : engine)) as EngineProvider, engine };
  }
  const counterexample = (): PooledAnnotation[] => [
    { scenario: 'B', calls: route({ tags: [] }) },
    { scenario: 'B', calls: route({}) },
    { scenario: 'A', calls: [] },
  ];
  const expectSame = (pooled: PooledAnnotation[], dataset: AgreementDataset, engines: EngineProvider, total: number, byGroup: [number, number][]) => {
    const counted = pooledAlphaSums(dataset, engines, pooled);
    const compared = comparedPairSums(dataset, engines, pooled);
    expect(counted.path).toBe('classes');
    expect(compared.sums.total).toBe(counted.sums.total);
    expect(counted.sums.total).toBe(total);
    for (const [group, sum] of byGroup) {
      expect(compared.sums.byGroup.get(group) ?? 0).toBe(sum);
      expect(counted.sums.byGroup.get(group) ?? 0).toBe(sum);
    }
  };

  it('the shrunk counterexample, after the same two calls were compared in scenario A: B\'s annotations at distance 0, A\'s empty one at 1 from each', () => {
    const { dataset, engines } = shared();
    // In A `tags` counts: an empty list and no list differ (both ways, 2 ordered pairs at 1).
    expectSame([{ scenario: 'A', calls: route({ tags: [] }) }, { scenario: 'A', calls: route({}) }], dataset, engines, 2, [[0, 2]]);
    expectSame(counterexample(), dataset, engines, 4, [[0, 0]]);
  });

  it('the same without the empty annotation, and the other way round (B compared first, then A)', () => {
    let { dataset, engines } = shared();
    expectSame([{ scenario: 'A', calls: route({ tags: [] }) }, { scenario: 'A', calls: route({}) }], dataset, engines, 2, [[0, 2]]);
    expectSame(counterexample().slice(0, 2), dataset, engines, 0, [[0, 0]]);
    ({ dataset, engines } = shared());
    expectSame(counterexample().slice(0, 2), dataset, engines, 0, [[0, 0]]);
    expectSame([{ scenario: 'A', calls: route({ tags: [] }) }, { scenario: 'A', calls: route({}) }], dataset, engines, 2, [[0, 2]]);
    // A non-empty undeclared list, and a call with the declared list too.
    expectSame([{ scenario: 'A', calls: route({ stops: [1], tags: ['x'] }) }, { scenario: 'A', calls: route({ stops: [1] }) }], dataset, engines, 2, [[0, 2]]);
    expectSame([{ scenario: 'B', calls: route({ stops: [1], tags: ['x'] }) }, { scenario: 'B', calls: route({ stops: [1] }) }], dataset, engines, 0, [[0, 0]]);
  });

  it('matchCalls with one match context under two scenarios\' tools: each verdict under its own', () => {
    const { engine } = shared();
    const ctx = matchContext(engine);
    const [withTags, without] = [route({ tags: [] }), route({})];
    expect(matchCalls(withTags, without, toolMap(TOOLS.A), ctx).matched).toBe(0);
    expect(matchCalls(withTags, without, toolMap(TOOLS.B), ctx).matched).toBe(1);
    expect(matchCalls(withTags, without, toolMap(TOOLS.A), ctx).matched).toBe(0);
  });
});
