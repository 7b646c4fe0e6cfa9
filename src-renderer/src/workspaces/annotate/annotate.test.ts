import { Validator } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import type { ToolLibrary } from '../../../../shared/format/types';
import { branchedToolNames, callsJsonSchema, followedToolNames, MAX_TOOL_BRANCHES } from './callsSchema';
import { callsToText, mergeCalls, moveItem, parseCallsText } from './callsText';
import { lintCalls, submitCheck, taskUserId } from './lint';
import { visibleTasks } from './taskQueueModel';

const library: ToolLibrary = {
  state_tables: ['carts'],
  tools: [
    {
      name: 'get_price',
      description: 'Price of a product',
      effect: 'read',
      steps: [],
      parameters: { type: 'object', properties: { product_name: { type: 'string', 'x-match': { entity: 'products.product_name' } } }, required: ['product_name'], additionalProperties: false },
    },
    {
      name: 'add_to_cart',
      description: 'Add to cart',
      effect: 'write',
      steps: [],
      parameters: { type: 'object', properties: { user_id: { type: 'string' }, qty: { type: 'integer', minimum: 1 }, size: { type: 'string', enum: ['s', 'l'] } }, required: ['user_id', 'qty'] },
    },
  ],
};

describe('editor schema from tools.json', () => {
  const validator = new Validator(callsJsonSchema(library) as object, '7');
  it('accepts well-formed calls and rejects unknown tools and bad parameters', () => {
    expect(validator.validate([{ tool_name: 'get_price', parameters: { product_name: 'wine' } }]).valid).toBe(true);
    expect(validator.validate([{ tool_name: 'nope', parameters: {} }]).valid).toBe(false);
    expect(validator.validate([{ tool_name: 'add_to_cart', parameters: { user_id: 'u', qty: 0 } }]).valid).toBe(false);
    expect(validator.validate([{ tool_name: 'add_to_cart', parameters: { user_id: 'u', qty: 1, size: 'm' } }]).valid).toBe(false);
    expect(validator.validate([{ tool_name: 'get_price', parameters: { product_name: 'x', extra: 1 } }]).valid).toBe(false);
  });
  it('lists the tool names as an enum for completion, without x- keywords', () => {
    const schema = callsJsonSchema(library) as { items: { properties: { tool_name: { enum: string[] } } } };
    expect(schema.items.properties.tool_name.enum).toEqual(['get_price', 'add_to_cart']);
    expect(JSON.stringify(schema)).not.toContain('x-match');
  });
  it('checks only the keywords scoring enforces (SPEC §3): a pattern or format is no error in the editor either', () => {
    const coded: ToolLibrary = {
      state_tables: [],
      tools: [{ name: 'book', description: 'Book', effect: 'write', steps: [], parameters: { type: 'object', properties: { day: { type: 'string', format: 'date', pattern: '^2' }, n: { type: 'integer', minimum: 1 } } } as ToolLibrary['tools'][number]['parameters'] }],
    };
    const editor = new Validator(callsJsonSchema(coded) as object, '7');
    expect(editor.validate([{ tool_name: 'book', parameters: { day: 'next friday', n: 1 } }]).valid).toBe(true);
    expect(editor.validate([{ tool_name: 'book', parameters: { day: 'next friday', n: 0 } }]).valid).toBe(false);
  });
});

describe('editor schema of a large library', () => {
  // A tools.json of 50,000 tools: one if/then branch per tool made Monaco's JSON worker take ~40 s
  // per tool-name completion (every branch tried, problems concatenated one by one).
  const big: ToolLibrary = {
    state_tables: [],
    tools: Array.from({ length: 50_000 }, (_, i) => ({
      name: `tool_${i}`,
      description: `Tool ${i}`,
      effect: 'read' as const,
      steps: [{ sql: 'SELECT 1' }],
      parameters: { type: 'object', properties: { product_name: { type: 'string' } }, required: ['product_name'], additionalProperties: false },
    })),
  };
  const branches = (schema: object) => (schema as { items: { allOf: unknown[] } }).items.allOf.length;

  it('has branches only for the tools the text names, and still checks their parameters', () => {
    const text = '[{"tool_name": "tool_7", "parameters": {}}, {"tool_name" : "tool_49999", "parameters": {"product_name": "x"}}, {"tool_name": "nope"}, {"tool_name": "tool_7"}]';
    const names = branchedToolNames(big, text);
    expect(names).toEqual(['tool_7', 'tool_49999']);
    const schema = callsJsonSchema(big, names);
    expect(branches(schema)).toBe(2);
    const tool = (schema as { items: { properties: { tool_name: { enum: string[]; errorMessage: string } } } }).items.properties.tool_name;
    expect(tool.enum).toHaveLength(50_000);
    expect(tool.errorMessage.length).toBeLessThan(100);
    const validator = new Validator(schema, '7');
    expect(validator.validate([{ tool_name: 'tool_7', parameters: {} }]).valid).toBe(false);
    expect(validator.validate([{ tool_name: 'tool_7', parameters: { product_name: 'x' } }]).valid).toBe(true);
    expect(validator.validate([{ tool_name: 'tool_50000', parameters: {} }]).valid).toBe(false);
    expect(branches(callsJsonSchema(big, branchedToolNames(big, '[')))).toBe(0);
  });

  it('keeps at most MAX_TOOL_BRANCHES branches, however many tools the text names', () => {
    const text = JSON.stringify(Array.from({ length: 1_000 }, (_, i) => ({ tool_name: `tool_${i}`, parameters: {} })));
    expect(branches(callsJsonSchema(big, branchedToolNames(big, text)))).toBe(MAX_TOOL_BRANCHES);
  });

  it('follows the text without dropping a tool while the editor is open: typing through a name or a backspace does not change the set', () => {
    const typed = (name: string) => `[{"tool_name": "${name}", "parameters": {}}]`;
    let names = followedToolNames(big, typed('tool_1'), []);
    expect(names).toEqual(['tool_1']);
    names = followedToolNames(big, typed('tool_12'), names);
    expect(names).toEqual(['tool_1', 'tool_12']);
    expect(followedToolNames(big, typed('tool_1'), names)).toEqual(['tool_1', 'tool_12']);
    expect(followedToolNames(big, '[', names)).toEqual(['tool_1', 'tool_12']);
    const many = Array.from({ length: MAX_TOOL_BRANCHES + 50 }, (_, i) => `tool_${i + 100}`);
    expect(followedToolNames(big, JSON.stringify(many.map((tool_name) => ({ tool_name }))), names)).toHaveLength(MAX_TOOL_BRANCHES);
  });

  it('gives every tool of a small library its branch, whatever the text', () => {
    expect(branchedToolNames(library, '')).toEqual(['get_price', 'add_to_cart']);
    expect(branches(callsJsonSchema(library, branchedToolNames(library, '[{"tool_name": "get_price"}]')))).toBe(2);
  });
});

describe('editor text and calls', () => {
  it('round-trips calls and keeps ids by position', () => {
    const calls = [{ id: 'a', frame: 3, tool_name: 'get_price', parameters: { product_name: 'wine' } }];
    const parsed = parseCallsText(callsToText(calls));
    expect(parsed.ok && mergeCalls(calls, parsed.calls)).toEqual(calls);
    expect(parseCallsText('[{"tool_name": "x"}]')).toMatchObject({ ok: false });
    expect(parseCallsText('[{"tool_name": ')).toMatchObject({ ok: false });
    expect(moveItem([1, 2, 3], 0, 2)).toEqual([2, 3, 1]);
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
  });
  it('keeps each call its own id and frame when calls are deleted, restored, reordered or edited in the text', () => {
    const price = (product_name: string) => ({ tool_name: 'get_price', parameters: { product_name } });
    const calls = [
      { id: 'a', frame: 1, ...price('Paprika') },
      { id: 'b', frame: 2, ...price('Rice Crackers') },
      { id: 'c', frame: 3, ...price('Oats') },
    ];
    const ids = (next: { id: string }[]) => next.map((call) => call.id);
    // The first call deleted in the text: the others keep theirs (positions would give b's id to Oats).
    const deleted = mergeCalls(calls, [price('Rice Crackers'), price('Oats')]);
    expect(deleted).toEqual([calls[1], calls[2]]);
    // Undone with nothing kept of it: the restored call is new, the others are still themselves.
    const restored = mergeCalls(deleted, [price('Paprika'), price('Rice Crackers'), price('Oats')]);
    expect(ids(restored).slice(1)).toEqual(['b', 'c']);
    expect(restored[0].id).not.toMatch(/^[abc]$/);
    // Undone with the removed call kept (the editor keeps them): it is that call again, frame and all.
    expect(mergeCalls(deleted, [price('Paprika'), price('Rice Crackers'), price('Oats')], [calls[0]])).toEqual(calls);
    // Each removed call once, never over a call kept: a second Paprika is new.
    const twice = mergeCalls(deleted, [price('Paprika'), price('Paprika'), price('Rice Crackers'), price('Oats')], [calls[0]]);
    expect(twice[0]).toEqual(calls[0]);
    expect(twice[1].id).not.toMatch(/^[abc]$/);
    expect(twice[1].frame).toBeNull();
    expect(ids(mergeCalls(calls, [price('Oats'), price('Oats')], [{ ...calls[2], id: 'c' }])).filter((id) => id === 'c')).toHaveLength(1);
    expect(ids(mergeCalls(calls, [price('Oats'), price('Paprika'), price('Rice Crackers')]))).toEqual(['c', 'a', 'b']);
    // An edited call keeps the id of its position; two equal calls keep theirs in order.
    expect(mergeCalls(calls, [price('Paprika'), price('Rice'), price('Oats')])).toEqual([calls[0], { ...calls[1], ...price('Rice') }, calls[2]]);
    const twins = [{ id: 'x', frame: null, ...price('Oats') }, { id: 'y', frame: 9, ...price('Oats') }];
    expect(ids(mergeCalls(twins, [price('Oats'), price('Oats')]))).toEqual(['x', 'y']);
    // A call inserted before two equal calls leaves theirs in order.
    expect(ids(mergeCalls(twins, [price('Milk'), price('Oats'), price('Oats')])).slice(1)).toEqual(['x', 'y']);
    // Editing the first of two calls into a copy of the second keeps both ids where they were (the review's case).
    const add = (quantity: number) => ({ tool_name: 'add', parameters: { product: 'Oats', quantity } });
    const pair = [
      { id: 'a', frame: 10, ...add(2) },
      { id: 'b', frame: 20, ...add(1) },
    ];
    const typed = mergeCalls(pair, [add(1), add(1)]);
    expect(typed.map((call) => [call.id, call.frame])).toEqual([
      ['a', 10],
      ['b', 20],
    ]);
    expect(mergeCalls(typed, [add(12), add(1)]).map((call) => [call.id, call.frame])).toEqual([
      ['a', 10],
      ['b', 20],
    ]);
  });
});

describe('lint', () => {
  const task = { instruction: 'You are a shopper (User ID: maya_chen_204).', user_id: undefined };
  it('reads the user id from the instruction', () => {
    expect(taskUserId(task)).toBe('maya_chen_204');
    expect(taskUserId({ instruction: 'x', user_id: 'u1' })).toBe('u1');
  });
  it('flags unknown tools, empty required values, unknown entities, other user ids and failing calls', () => {
    const issues = lintCalls(
      [
        { tool_name: 'get_price', parameters: { product_name: 'Unicorn Wine' } },
        { tool_name: 'add_to_cart', parameters: { user_id: 'someone_else', qty: 1 } },
        { tool_name: 'add_to_cart', parameters: { user_id: '', qty: 1 } },
        { tool_name: 'lookup', parameters: {} },
      ],
      library,
      task,
      { entityExists: (_table, _column, value) => value !== 'Unicorn Wine', results: [{ ok: true }, { ok: false, message: 'no such user' }] },
    );
    expect(issues.map((issue) => [issue.call, issue.message])).toEqual([
      [0, '"Unicorn Wine" is not in products.product_name'],
      [1, 'user id "someone_else" differs from the instruction\'s "maya_chen_204"'],
      [1, 'fails on replay: no such user'],
      [2, 'required parameter "user_id" is empty'],
      [3, 'unknown tool "lookup"'],
    ]);
  });
});

describe('submitCheck', () => {
  it('refuses text that does not parse; warns of lint errors, not of warnings', () => {
    expect(submitCheck('[{"tool_name": "get_price", ', [])).toMatchObject({ refused: true, message: expect.stringMatching(/does not parse/) });
    const warning = { call: 0, severity: 'warning' as const, message: '"x" is not in products.name' };
    const error = { call: 1, severity: 'error' as const, message: 'unknown tool "no_such_tool"' };
    expect(submitCheck(null, [warning])).toBeNull();
    expect(submitCheck(null, [warning, error])).toEqual({ refused: false, message: 'submitted with 1 lint error(s), first: call 2: unknown tool "no_such_tool"' });
    expect(submitCheck(null, [])).toBeNull();
  });
});

describe('the task queue', () => {
  const task = (id: string, scenario: string) => ({ id, scenario, instruction: `do ${id}`, image_description: '', video: `videos/${id}.webm` });
  const tasks = [task('r-1', 'retail'), task('k-1', 'kitchen'), task('r-2', 'retail'), task('k-2', 'kitchen')];
  const ids = (list: { id: string }[]) => list.map((t) => t.id);

  it('lists by scenario in file order, filtered by status and search', () => {
    expect(ids(visibleTasks(tasks, {}, 'all', ''))).toEqual(['k-1', 'k-2', 'r-1', 'r-2']);
    expect(ids(visibleTasks(tasks, { 'k-1': 'draft' }, 'todo', ''))).toEqual(['k-2', 'r-1', 'r-2']);
    expect(ids(visibleTasks(tasks, {}, 'all', 'DO R-2'))).toEqual(['r-2']);
  });

  it('keeps the open task under a status filter it no longer fits (a first edit makes a to-do a draft)', () => {
    expect(ids(visibleTasks(tasks, { 'k-2': 'draft' }, 'todo', '', 'k-2'))).toEqual(['k-1', 'k-2', 'r-1', 'r-2']);
    expect(ids(visibleTasks(tasks, { 'k-2': 'draft' }, 'todo', '', 'k-1'))).toEqual(['k-1', 'r-1', 'r-2']);
  });
});
