import { describe, expect, it } from 'vitest';
import type { ToolDef, Trajectory } from '../../format/types';
import { valuesEqual, type EqualityContext } from './equality';
import { greedyMatch } from './matching';
import { classify, hallucinationError, mentions, officialUserId, perceptionError, syntaxError, type CascadeInput } from './taxonomy';

// A catalogue of three rows, matched as the engine's entityMatches does (either containing the other).
const CATALOGUE = ['sauvignon blanc', 'kim crawford sauvignon blanc', 'glitz sauvignon blanc'];
const ctx: EqualityContext = {
  rules: new Map([
    ['product_name', { kind: 'entity', table: 'products', column: 'product_name' }],
    ['recipe_name', { kind: 'casefold' }],
  ]),
  entities: (_t, _c, s) => {
    const q = s.toLowerCase();
    return new Set(CATALOGUE.flatMap((name, i) => (name.includes(q) || q.includes(name) ? [i] : [])));
  },
};
const eq = (a: unknown, b: unknown, field?: string) => valuesEqual(a, b, field, false, ctx);

describe('official equality', () => {
  it('compares values of different types as numbers when both convert', () => {
    expect(eq('2', 2.0)).toBe(true);
    expect(eq(2, 2.0)).toBe(true);
    expect(eq('two', 2)).toBe(false);
    expect(eq('', 0)).toBe(false);
  });
  it('compares lists unordered with the same length, objects with the same keys', () => {
    expect(eq([1, 2], [2, 1])).toBe(true);
    expect(eq([1, 1], [1])).toBe(false);
    expect(eq({ a: 1 }, { a: 1, b: null })).toBe(false);
  });
  it('matches fuzzy names through a shared catalogue row, else by containment', () => {
    expect(eq('Kim Crawford Sauvignon Blanc', 'glitz sauvignon blanc', 'product_name')).toBe(true); // share "sauvignon blanc"
    expect(eq('Summerhouse', 'summerhouse white', 'product_name')).toBe(true); // neither found: containment
    expect(eq('Summerhouse', 'Oyster', 'product_name')).toBe(false);
    expect(eq('Kim Crawford', 'kim crawford', 'country')).toBe(false); // other fields exact
  });
  it('inside lists compares fuzzy names by containment ignoring case, without the catalogue', () => {
    const item = (n: string) => [{ product_name: n, quantity: 1 }];
    expect(eq(item('GLITZ Sauvignon Blan'), item('glitz sauvignon blanc'))).toBe(true);
    expect(eq(item('Kim Crawford Sauvignon Blanc'), item('glitz sauvignon blanc'))).toBe(false);
  });
  it('compares case-insensitive fields whole', () => {
    expect(eq('Tofu Soup', 'tofu soup', 'recipe_name')).toBe(true);
    expect(eq('Tofu', 'tofu soup', 'recipe_name')).toBe(false);
  });
});

const tool = (name: string, effect: 'read' | 'write', props: string[], ignored: string[] = []): ToolDef => ({
  name,
  description: '',
  effect,
  steps: [],
  parameters: { type: 'object', properties: Object.fromEntries(props.map((p) => [p, { type: 'string', ...(ignored.includes(p) ? { 'x-ignored': true } : {}) }])) },
});
const tools = new Map([
  ['add_to_cart', tool('add_to_cart', 'write', ['user_id', 'product_name', 'price'], ['price'])],
  ['get_price', tool('get_price', 'read', ['product_name'])],
]);

describe('greedy matching', () => {
  it('drops parameters the implementation does not take, on both sides', () => {
    const gt = [{ tool_name: 'add_to_cart', parameters: { user_id: 'u', product_name: 'x', price: 1, extra: 1 } }];
    const agent = [{ tool_name: 'add_to_cart', parameters: { user_id: 'u', product_name: 'x', price: 2 } }];
    expect(greedyMatch(gt, agent, tools, ctx).matched).toBe(1);
  });
  it('gives each ground-truth call the first unused equal agent call', () => {
    const call = { tool_name: 'get_price', parameters: { product_name: 'kim crawford sauvignon blanc' } };
    const { matched, takenBy } = greedyMatch([call, call], [call], tools, ctx);
    expect(matched).toBe(1);
    expect(takenBy).toEqual([0, -1]);
  });
});

describe('error classes', () => {
  const trajectory = (items: Trajectory['tool_calls']): Trajectory => ({ id: 't', task_id: 'x', model: 'm', mode: 'dynamic_easy', dialogue: [], tool_calls: items });
  it('syntax: no calls, or an entry without tool_name or parameters', () => {
    expect(syntaxError(trajectory([]))).toMatchObject({ reason: 'the agent made no tool call' });
    expect(syntaxError(trajectory([{ turn: 0, calls: [{ tool_name: 'get_cart' }] }]))).toMatchObject({ position: 0 });
    expect(syntaxError(trajectory([{ turn: 0, calls: [{ tool_name: 'get_cart', parameters: {} }] }]))).toBeNull();
  });
  it('perception: an accepted value never reaches a query tool under its key', () => {
    const calls = [{ tool_name: 'get_price', parameters: { product_name: 'Kim Crawford' } }, { tool_name: 'add_to_cart', parameters: { product_name: 'Riumi Moscato' } }];
    expect(perceptionError([{ param: 'product_name', value: 'Kim Crawford Sauvignon Blanc' }], calls, tools)).toBeNull();
    expect(perceptionError([{ param: 'product_name', value: 'Riumi Moscato' }], calls, tools)).toMatchObject({ value: 'Riumi Moscato' });
    expect(mentions('crawford', 'Kim Crawford Sauvignon Blanc')).toBe(true);
  });
  it("hallucination: a user_id other than the instruction's", () => {
    const calls = [{ tool_name: 'add_to_cart', parameters: { user_id: 'bob' } }];
    expect(hallucinationError('alice', calls)).toMatchObject({ value: 'bob', expected: 'alice' });
    expect(hallucinationError(undefined, calls)).toBeNull();
  });
});

describe('official error analysis details (BEHAVIOUR.md §5, §6)', () => {
  const trajectory = (items: Trajectory['tool_calls'], extra: Record<string, unknown> = {}): Trajectory => ({ id: 't', task_id: 'x', model: 'm', mode: 'dynamic_easy', dialogue: [], tool_calls: items, ...extra });
  it('reads the user id as the official regex does', () => {
    expect(officialUserId('Hi. User ID: customer-009 here')).toBe('customer');
    expect(officialUserId('Your user ID is cook_010, today')).toBeUndefined();
    expect(officialUserId('user id: cook_1')).toBeUndefined();
    expect(officialUserId('User ID:   alice_wong_456.')).toBe('alice_wong_456');
  });
  it('hallucination: strict equality of any user_id, other types included', () => {
    expect(hallucinationError('u1', [{ tool_name: 'get_cart', parameters: { user_id: 'u1 ' } }])).toMatchObject({ value: 'u1 ' });
    expect(hallucinationError('5', [{ tool_name: 'get_cart', parameters: { user_id: 5 } }])).toMatchObject({ value: 5 });
    expect(hallucinationError('u1', [{ tool_name: 'get_price', parameters: {} }])).toBeNull();
  });
  it('multimodal words are whitespace words ("&" counts), lists never meet a value', () => {
    expect(mentions('Turkey & Apple Soup', 'Potato & Greens Salad')).toBe(true);
    expect(mentions('Beef stew', 'Beef Filet')).toBe(true);
    expect(mentions('zzz unknown item', 'Potato & Greens Salad')).toBe(false);
    const listTools = new Map([['tally', { ...tool('tally', 'read', ['recipes']) }]]);
    expect(perceptionError([{ param: 'recipes', value: 'Tofu Soup' }], [{ tool_name: 'tally', parameters: { recipes: ['Tofu Soup'] } }], listTools)).toMatchObject({ value: 'Tofu Soup' });
  });
  it('only the tools marked x-query count, where a library marks any', () => {
    const marked = new Map([
      ['get_price', { ...tool('get_price', 'read', ['product_name']), 'x-query': true }],
      ['get_cart', tool('get_cart', 'read', ['product_name'])],
    ]);
    const viaCart = [{ tool_name: 'get_cart', parameters: { product_name: 'Riumi Moscato' } }];
    expect(perceptionError([{ param: 'product_name', value: 'Riumi Moscato' }], viaCart, marked)).toMatchObject({ value: 'Riumi Moscato' });
    const unmarked = new Map([['get_cart', tool('get_cart', 'read', ['product_name'])]]);
    expect(perceptionError([{ param: 'product_name', value: 'Riumi Moscato' }], viaCart, unmarked)).toBeNull(); // read tools then
  });
  it("order1/order2: the last restaurant named must be the clip's, exactly", () => {
    const named = (...names: string[]) => names.map((restaurant_name) => ({ tool_name: 'get_price', parameters: { restaurant_name } }));
    expect(perceptionError([], named('annie italian restaurant', 'Annie Italian Restaurant'), tools, 'Annie Italian Restaurant')).toBeNull();
    expect(perceptionError([], named('Annie Italian Restaurant', 'annie italian restaurant'), tools, 'Annie Italian Restaurant')).toMatchObject({ param: 'restaurant_name' });
  });
  it('syntax: `name` stands for `tool_name`; a missing parameters key or a recorded item shape is syntax', () => {
    expect(syntaxError(trajectory([{ turn: 0, calls: [{ name: 'get_cart', parameters: null }] }]))).toBeNull();
    expect(syntaxError(trajectory([{ turn: 0, calls: [{ name: 'get_cart' }] }]))).toMatchObject({ position: 0 });
    expect(syntaxError(trajectory([{ turn: 0, calls: [] }], { 'x-syntax-error': 'tool_calls item 1 has neither "calls" nor "call"' }))).toMatchObject({ reason: expect.stringContaining('neither') });
    expect(syntaxError(trajectory([{ turn: 0, calls: [] }]))).toBeNull(); // an empty list passes, as officially
  });
  it('the matcher collapses the task when a name field holds a truthy non-string against a string', () => {
    const gt = [{ tool_name: 'get_price', parameters: { product_name: 'kim crawford sauvignon blanc' } }];
    expect(greedyMatch(gt, [{ tool_name: 'get_price', parameters: { product_name: 5 } }], tools, ctx)).toMatchObject({ collapsed: true, matched: 0 });
    expect(greedyMatch(gt, [{ tool_name: 'get_price', parameters: { product_name: 0 } }], tools, ctx)).toMatchObject({ collapsed: false, matched: 0 });
  });
  it('no class holds without a ground-truth call to miss: unknown when the final state is right (not correct: no ToolSucc), else over-operation (§5)', () => {
    const call = { tool_name: 'get_price', parameters: { product_name: 'glitz sauvignon blanc' } };
    const input: CascadeInput = {
      trajectory: { id: 't', task_id: 'x', model: 'm', mode: 'dynamic_easy', dialogue: [], tool_calls: [{ turn: 0, calls: [call] }] },
      calls: [call],
      gtCalls: [],
      takenBy: [],
      collapsed: false,
      targets: [],
      tools,
      resultSucc: true,
      states: () => ({ expected: {}, actual: {} }),
    };
    expect(classify(input)).toMatchObject({ label: 'unknown', evidence: { reason: expect.stringContaining('no error class applies') } });
    expect(classify({ ...input, resultSucc: false }).label).toBe('over_operation');
    // A collapsed match (0 of 0) reads the same way.
    expect(classify({ ...input, gtCalls: [call], takenBy: [-1], collapsed: true }).label).toBe('unknown');
  });
  it('kitchen fields compare trimmed, ignoring case', () => {
    expect(eq(' Tofu Soup ', 'tofu soup', 'recipe_name')).toBe(true);
  });
});
