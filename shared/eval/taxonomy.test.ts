import { beforeAll, describe, expect, it } from 'vitest';
import type { SqlJsStatic } from 'sql.js';
import { loadSqlJs } from '../../src-main/services/sql-node';
import { evaluateInMemory } from './test-support/evaluate-memory';
import { call, shopFiles } from './test-support/shop';

let SQL: SqlJsStatic;
beforeAll(async () => {
  SQL = await loadSqlJs();
});

const search = call('search_products', { name: 'apple' });
const addGreen = call('add_to_cart', { user_id: 'u1', product_name: 'Green Apple', quantity: 2 });
const searchResult = JSON.stringify({ products: [{ product_name: 'Green Apple', price: 0.5 }, { product_name: 'Red Apple', price: 0.6 }], count: 2 });
const userTurn = { role: 'user', turn: 0, content: 'User ID: u1. Add two of the apple in my hand to my cart.' };

function trajectory(id: string, items: unknown[], extra: Record<string, unknown> = {}) {
  return { id, task_id: 't1', model: 'm', mode: 'dynamic_easy', dialogue: [userTurn], tool_calls: items, ...extra };
}

async function labelOf(t: unknown) {
  const { report } = await evaluateInMemory(SQL, shopFiles(), { 'trajectories/m.jsonl': [t] });
  expect(report.problems).toEqual([]);
  return report.trajectories[0];
}

describe('SPEC §9 cascade', () => {
  it('a trajectory equal to the ground truth is correct', async () => {
    const row = await labelOf(trajectory('a', [{ turn: 0, calls: [search], results: searchResult }, { turn: 1, calls: [addGreen] }]));
    expect(row).toMatchObject({ label: 'correct', matched: 2, gt_calls: 2, agent_calls: 2, tool_succ: true, result_succ: true, joint_succ: true });
    expect(row.evidence).toBeNull();
  });

  it.each([
    ['no entry at all', []],
    ['an entry that is not an object', [{ turn: 0, calls: ['search_products'] }]],
    ['an empty tool name', [{ turn: 0, calls: [{ tool_name: '', parameters: {} }] }]],
    ['a blank tool name (empty after trimming: not well-formed, SPEC §9.1 ruling)', [{ turn: 0, calls: [{ tool_name: ' \t', parameters: {} }] }]],
    ['parameters that are not an object', [{ turn: 0, calls: [{ tool_name: 'search_products', parameters: ['apple'] }] }]],
    ['an unknown tool', [{ turn: 0, calls: [call('buy', { name: 'apple' })] }]],
    ['a schema failure (type)', [{ turn: 0, calls: [call('add_to_cart', { user_id: 'u1', product_name: 'Green Apple', quantity: '2' })] }]],
    ['a schema failure (minimum)', [{ turn: 0, calls: [call('add_to_cart', { user_id: 'u1', product_name: 'Green Apple', quantity: 0 })] }]],
    ['a schema failure (fraction for integer)', [{ turn: 0, calls: [call('add_to_cart', { user_id: 'u1', product_name: 'Green Apple', quantity: 1.5 })] }]],
    ['an undeclared parameter under additionalProperties false', [{ turn: 0, calls: [call('add_to_cart', { ...addGreen.parameters, colour: 'green' })] }]],
    ['a required key whose value is null', [{ turn: 0, calls: [call('add_to_cart', { user_id: 'u1', product_name: 'Green Apple', quantity: null })] }]],
  ])('syntactic: %s', async (_name, items) => {
    const row = await labelOf(trajectory('s', items));
    expect(row.label).toBe('syntactic');
    expect(row.evidence).toHaveProperty('reason');
  });

  it('an optional key whose value is null counts as absent, not a schema failure', async () => {
    const row = await labelOf(
      trajectory('n', [{ turn: 0, calls: [search], results: searchResult }, { turn: 1, calls: [{ ...addGreen, parameters: { ...addGreen.parameters, note: null } }] }]),
    );
    expect(row.label).toBe('correct');
  });

  it('undeclared parameters are ignored by matching and execution, so JointSucc can still hold', async () => {
    const row = await labelOf(trajectory('x', [{ turn: 0, calls: [search, call('add_to_cart', { ...addGreen.parameters, colour: 'green' })] }]));
    expect(row).toMatchObject({ matched: 2, result_succ: true, label: 'correct' });
  });

  it('static mode: acting only after turn 0 is syntactic, acting at turn 0 is not', async () => {
    const late = await labelOf(trajectory('st', [{ turn: 1, calls: [addGreen], results: '{"status":"success"}' }], { mode: 'static' }));
    expect(late.label).toBe('syntactic');
    expect(late.evidence).toMatchObject({ reason: expect.stringContaining('turn 0') });
    const early = await labelOf(trajectory('st0', [{ turn: 0, calls: [addGreen], results: '{"status":"success"}' }], { mode: 'static' }));
    expect(early.label).toBe('logic');
    const done = await labelOf(trajectory('st1', [{ turn: 1, calls: [search, addGreen] }], { mode: 'static' }));
    expect(done.label).toBe('correct'); // JointSucc holds: the cascade only labels failures
  });

  it('perception: the wrong entity where the ground truth names the visual reference', async () => {
    const row = await labelOf(
      trajectory('p', [{ turn: 0, calls: [search], results: searchResult }, { turn: 1, calls: [call('add_to_cart', { user_id: 'u1', product_name: 'Red Apple', quantity: 2 })] }]),
    );
    expect(row.label).toBe('perception');
    expect(row.evidence).toMatchObject({ entity: 'Green Apple', path: 'product_name', value: 'Red Apple', tool_name: 'add_to_cart' });
  });

  it("perception's evidence in a list names the element the ground truth does not hold, not the first", async () => {
    const files = shopFiles();
    const gt = files['ground_truth.jsonl']
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as { task_id: string; visual_refs: unknown[] });
    const ref = { id: 'r1', description: 'the can in my hand', entity: 'Coca Cola Zero', start: 0, end: 1 };
    files['ground_truth.jsonl'] = gt.map((line) => JSON.stringify(line.task_id === 't2' ? { ...line, visual_refs: [ref] } : line)).join('\n') + '\n';
    const wrongCan = { ...trajectory('pl', [{ turn: 0, calls: [call('set_list', { user_id: 'u1', items: ['Whole Milk', 'Pepsi'] })] }]), task_id: 't2' };
    const { report } = await evaluateInMemory(SQL, files, { 'trajectories/m.jsonl': [wrongCan] });
    expect(report.trajectories[0].label).toBe('perception');
    // 'Whole Milk' is a right element at items[]: the evidence is 'Pepsi'.
    expect(report.trajectories[0].evidence).toMatchObject({ entity: 'Coca Cola Zero', path: 'items[]', value: 'Pepsi' });
  });

  it('entity matching: a partial name that finds the same row is equal, so no perception failure', async () => {
    const row = await labelOf(
      trajectory('e', [{ turn: 0, calls: [search], results: searchResult }, { turn: 1, calls: [call('add_to_cart', { user_id: 'u1', product_name: 'green', quantity: 2 })] }]),
    );
    expect(row).toMatchObject({ matched: 2, tool_succ: true, result_succ: true, label: 'correct' });
  });

  it('hallucination: a user id found in no message, result or seed value', async () => {
    const row = await labelOf(
      trajectory('h', [{ turn: 0, calls: [search], results: searchResult }, { turn: 1, calls: [call('add_to_cart', { user_id: 'u77', product_name: 'Green Apple', quantity: 2 })] }]),
    );
    expect(row.label).toBe('hallucination');
    expect(row.evidence).toMatchObject({ path: 'user_id', value: 'u77', entry: 1 });
  });

  it('hallucination: a number neither 0..10 nor in the grounding; grounded once a result shows it', async () => {
    const fabricated = await labelOf(
      trajectory('h2', [{ turn: 0, calls: [search], results: searchResult }, { turn: 1, calls: [call('add_to_cart', { user_id: 'u1', product_name: 'Green Apple', quantity: 12 })] }]),
    );
    expect(fabricated.label).toBe('hallucination');
    const said = await labelOf(
      trajectory('h3', [{ turn: 0, calls: [search], results: searchResult }, { turn: 1, calls: [call('add_to_cart', { user_id: 'u1', product_name: 'Green Apple', quantity: 12 })] }], {
        dialogue: [userTurn, { role: 'user', turn: 1, content: 'Make it 12 please' }],
      }),
    );
    expect(said.label).toBe('logic'); // grounded by the user's turn-1 message; the quantity is still wrong
  });

  it('a user message after the call turn does not ground it', async () => {
    const row = await labelOf(
      trajectory('h4', [{ turn: 0, calls: [search], results: searchResult }, { turn: 1, calls: [call('add_to_cart', { user_id: 'u1', product_name: 'Green Apple', quantity: 12 })] }], {
        dialogue: [userTurn, { role: 'user', turn: 2, content: 'I meant 12' }],
      }),
    );
    expect(row.label).toBe('hallucination');
  });

  it('logic: a missed retrieval, with the missing call as evidence', async () => {
    const row = await labelOf(trajectory('l', [{ turn: 0, calls: [addGreen], results: [{ role: 'tool', tool_name: 'add_to_cart', content: '{"status":"success"}' }] }]));
    expect(row).toMatchObject({ label: 'logic', matched: 1, tool_succ: false, result_succ: true });
    expect(row.evidence).toMatchObject({ missing: [{ gt_call: 0, tool_name: 'search_products' }] });
  });

  it('over_operation: every key call made, an extra write changes the final state', async () => {
    const extra = call('add_to_cart', { user_id: 'u1', product_name: 'Whole Milk', quantity: 1 });
    const row = await labelOf(trajectory('o', [{ turn: 0, calls: [search], results: searchResult }, { turn: 1, calls: [addGreen, extra] }]));
    expect(row).toMatchObject({ label: 'over_operation', tool_succ: true, result_succ: false, agent_calls: 3 });
  });
});

describe('SPEC §9.3 grounding from results', () => {
  // The extra `note` breaks matching (a declared parameter the ground truth lacks), so a call
  // whose note is grounded ends as `logic`, one whose note is not as `hallucination`.
  const withNote = (note: string) => call('add_to_cart', { user_id: 'u1', product_name: 'Green Apple', quantity: 2, note });

  it('replayed results stand in when an item has none', async () => {
    const replayed = await labelOf(trajectory('r', [{ turn: 0, calls: [search] }, { turn: 1, calls: [withNote('Red Apple')] }]));
    expect(replayed.label).toBe('logic');
    const unseen = await labelOf(trajectory('r2', [{ turn: 0, calls: [search] }, { turn: 1, calls: [withNote('Whole Milk 2L')] }]));
    expect(unseen.label).toBe('hallucination');
  });

  it('a "; "-joined string goes to its calls by position', async () => {
    const row = await labelOf(trajectory('j', [{ turn: 0, calls: [search, withNote('red apple')], results: `${searchResult}; {"status":"success"}` }]));
    expect(row.label).toBe('logic');
    // The second document belongs to the second call and does not ground it.
    const own = await labelOf(trajectory('j2', [{ turn: 0, calls: [search, withNote('queued')], results: `${searchResult}; {"status":"queued"}` }]));
    expect(own.label).toBe('hallucination');
  });

  it('an array of tool messages goes to its calls by position', async () => {
    const results = [
      { role: 'tool', tool_name: 'search_products', parameters: { name: 'apple' }, content: searchResult },
      { role: 'tool', tool_name: 'add_to_cart', parameters: {}, content: '{"status":"queued"}' },
    ];
    const row = await labelOf(trajectory('a', [{ turn: 0, calls: [search, withNote('red apple')], results }]));
    expect(row.label).toBe('logic');
  });

  it('an unsplittable results string counts for every call of the item, its first included', async () => {
    const row = await labelOf(trajectory('u', [{ turn: 0, calls: [search, withNote('ticket zx-41')], results: 'ok: ticket ZX-41 issued; done' }]));
    expect(row.label).toBe('logic');
  });

  it('an unsplittable results string counts for an item\'s only call too: it is never attributed by position (SPEC §9.3)', async () => {
    // The note is alone in its item; the item's plain-text result mentions the ticket.
    const row = await labelOf(trajectory('u1', [{ turn: 0, calls: [withNote('ticket zx-41')], results: 'ok: ticket ZX-41 issued' }, { turn: 1, calls: [search] }]));
    expect(row.label).not.toBe('hallucination');
    // A single JSON document is that call's own result, as before: it does not ground the call.
    const own = await labelOf(trajectory('j1', [{ turn: 0, calls: [withNote('ticket zx-41')], results: '{"ticket":"ZX-41"}' }, { turn: 1, calls: [search] }]));
    expect(own.label).toBe('hallucination');
  });

  it('unattributable results ground the first call of their own item too (SPEC §9.3 ruling)', async () => {
    // The note comes first in its item; only the item's own (unsplittable) results mention the ticket.
    const row = await labelOf(trajectory('uf', [{ turn: 0, calls: [withNote('ticket zx-41'), search], results: 'ok: ticket ZX-41 issued; done' }]));
    expect(row.label).not.toBe('hallucination');
    const counted = await labelOf(trajectory('cf', [{ turn: 0, calls: [withNote('queued'), search], results: `${searchResult}; {"status":"queued"}; {"extra":1}` }]));
    expect(counted.label).not.toBe('hallucination');
    // Attributable results stay with their own call: the first call's document does not mention "queued".
    const own = await labelOf(trajectory('pf', [{ turn: 0, calls: [withNote('queued'), search], results: `{"status":"success"}; ${searchResult}` }]));
    expect(own.label).toBe('hallucination');
  });

  it('when the count differs from the calls, all results count for every call', async () => {
    const row = await labelOf(trajectory('c', [{ turn: 0, calls: [search, withNote('queued')], results: `${searchResult}; {"status":"queued"}; {"extra":1}` }]));
    expect(row.label).toBe('logic'); // the first call's results are all three documents
    const next = await labelOf(
      trajectory('c2', [
        { turn: 0, calls: [search, search], results: `${searchResult}; {"status":"queued"}; {"extra":1}` },
        { turn: 1, calls: [withNote('queued')] },
      ]),
    );
    expect(next.label).toBe('logic');
  });

  it('recorded results of a later call do not ground an earlier one', async () => {
    const row = await labelOf(
      trajectory('u2', [
        { turn: 0, calls: [withNote('ticket zx-41')], results: '{"status":"success"}' },
        { turn: 1, calls: [search], results: 'ticket zx-41' },
      ]),
    );
    expect(row.label).toBe('hallucination');
  });

  it('seed database text and enum values ground strings', async () => {
    const row = await labelOf(trajectory('sd', [{ turn: 0, calls: [search, withNote('COCA COLA classic')] }]));
    expect(row.label).toBe('logic');
  });

  it('a call listed after one of a later turn is grounded by the user messages of its own turn and before only', async () => {
    const said = { dialogue: [userTurn, { role: 'user', turn: 2, content: 'I meant 12' }] };
    const twelve = call('add_to_cart', { user_id: 'u1', product_name: 'Green Apple', quantity: 12 });
    const early = await labelOf(trajectory('o1', [{ turn: 2, calls: [search], results: searchResult }, { turn: 1, calls: [twelve] }], said));
    expect(early.label).toBe('hallucination');
    expect(early.evidence).toMatchObject({ path: 'quantity', value: 12, turn: 1 });
    // The earlier-listed item's results still ground it (results go by order), and its own turn's messages do.
    const late = await labelOf(trajectory('o2', [{ turn: 2, calls: [search], results: searchResult }, { turn: 2, calls: [twelve] }], said));
    expect(late.label).toBe('logic');
  });

  it('the empty string is grounded by any string of the grounding, and by nothing when there is none', async () => {
    const blank = call('search_products', { name: '' });
    const alone = await labelOf(trajectory('e1', [{ turn: 0, calls: [blank] }], { dialogue: [] }));
    expect(alone.label).toBe('hallucination');
    expect(alone.evidence).toMatchObject({ path: 'name', value: '' });
    const afterWords = await labelOf(trajectory('e2', [{ turn: 0, calls: [blank] }]));
    expect(afterWords.label).not.toBe('hallucination');
  });
});

describe('SPEC §8 metrics', () => {
  it('a blank tool name is not a well-formed call: it is not counted in A (SPEC §8.2 ruling)', async () => {
    const row = await labelOf(trajectory('b', [{ turn: 0, calls: [search, { tool_name: '   ', parameters: {} }], results: `${searchResult}; {}` }, { turn: 1, calls: [addGreen] }]));
    expect(row).toMatchObject({ matched: 2, agent_calls: 2, tool_succ: true, result_succ: true, label: 'correct' });
  });

  it("tool names are trimmed of Unicode's whitespace, as §8.1's strings are: U+0085 alone is blank, U+FEFF is part of a name", async () => {
    const nel = await labelOf(trajectory('n', [{ turn: 0, calls: [search, { tool_name: '\u0085', parameters: {} }], results: `${searchResult}; {}` }, { turn: 1, calls: [addGreen] }]));
    expect(nel).toMatchObject({ matched: 2, agent_calls: 2, label: 'correct' }); // not well-formed: not in A
    const bom = await labelOf(trajectory('f', [{ turn: 0, calls: [{ ...search, tool_name: '\uFEFFsearch_products' }] }, { turn: 1, calls: [addGreen] }]));
    expect(bom).toMatchObject({ matched: 1, label: 'syntactic' }); // an unknown tool, not search_products
  });

  it('multiset matching: a duplicated call matches once; ToolPrec counts every well-formed call', async () => {
    const row = await labelOf(trajectory('d', [{ turn: 0, calls: [search, search, { bad: true }], results: `${searchResult}; ${searchResult}; {}` }, { turn: 1, calls: [addGreen] }]));
    expect(row).toMatchObject({ matched: 2, agent_calls: 3, label: 'correct' }); // JointSucc holds despite the bad entry
  });

  it('x-ordered arrays compare in order, other arrays as multisets', async () => {
    const files = shopFiles();
    const { report } = await evaluateInMemory(SQL, files, {
      'trajectories/m.jsonl': [
        { id: 'in-order', task_id: 't2', model: 'm', mode: 'dynamic_easy', dialogue: [], tool_calls: [{ turn: 0, calls: [call('set_list', { user_id: 'u1', items: ['whole milk', 'Coca Cola Zero'] })] }] },
        { id: 'reversed', task_id: 't2', model: 'm', mode: 'dynamic_easy', dialogue: [], tool_calls: [{ turn: 0, calls: [call('set_list', { user_id: 'u1', items: ['Coca Cola Zero', 'Whole Milk'] })] }] },
      ],
    });
    expect(report.trajectories.map((t) => t.matched)).toEqual([1, 0]);
  });
});
