import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memorySource } from '../eval/test-support/memory-source';
import { jsonl, shopFiles } from '../eval/test-support/shop';
import { MAX_LINE_LENGTH, splitLines, tooLongLine, unreadLineMessage } from './jsonl';
import { annotatorOfFile, listTrajectoryFiles, loadDataset, readTrajectories, withAnnotationsReloaded } from './loader';
import { nestingDepth, safeJsonParse } from './safe-json';
import { capProblemsPerFile } from './problem-cap';
import type { Problem } from './types';

const load = (extra: Record<string, string> = {}) => loadDataset(memorySource(shopFiles(extra)));

describe('dataset loader (SPEC §1-§5)', () => {
  it('loads the shop dataset with no problem', async () => {
    const d = await load();
    expect(d.problems).toEqual([]);
    expect([...d.scenarios.keys()]).toEqual(['shop']);
    expect([...d.tasks.keys()]).toEqual(['t1', 't2']);
    expect(d.groundTruth.get('t1')?.calls).toHaveLength(2);
  });

  it('reads annotations again alone as a whole read would, keeping the rest of the copy', async () => {
    const base = shopFiles();
    const ann = (task_id: string, revision: number) => ({ task_id, calls: [], visual_refs: [], status: 'draft', revision, updated_at: '' });
    const before = {
      'tasks.jsonl': base['tasks.jsonl'] + '{"id": "broken"\n', // a problem of another file, kept
      'annotations/alice.jsonl': jsonl([ann('t1', 1), ann('nope', 1)]),
      'annotations/gone.jsonl': jsonl([ann('t2', 1)]),
    };
    const previous = await load(before);
    const { 'annotations/gone.jsonl': _gone, ...kept } = before;
    const after = { ...kept, 'annotations/alice.jsonl': jsonl([ann('t1', 1), ann('t1', 2), ann('t2', 1)]) + '{"task_id":\n', 'annotations/bob.jsonl': jsonl([ann('t2', 3)]) };
    const reloaded = await withAnnotationsReloaded(previous, memorySource(shopFiles(after)));
    expect(reloaded).toEqual(await load(after));
    expect(reloaded.scenarios).toBe(previous.scenarios);
    expect(reloaded.tasks).toBe(previous.tasks);
    expect(reloaded.problems.map((p) => p.file)).toEqual(['tasks.jsonl', 'annotations/alice.jsonl']);
  });

  it('reports a malformed line with file and line, and loads the rest', async () => {
    const tasks = shopFiles()['tasks.jsonl'].split('\n');
    const d = await load({ 'tasks.jsonl': ['{"id": "broken"', '', tasks[0], tasks[1]].join('\n') });
    expect(d.problems).toEqual([{ file: 'tasks.jsonl', line: 1, message: expect.stringContaining('invalid JSON') }]);
    expect(d.tasks.size).toBe(2);
  });

  it('names a line the host left out as too long to read (its mark) with file and line, and keeps the lines around it', async () => {
    const [t1, t2] = shopFiles()['tasks.jsonl'].trimEnd().split('\n');
    const d = await load({ 'tasks.jsonl': [t1, tooLongLine(600_000_000, MAX_LINE_LENGTH), '{"id": "broken"', t2, ''].join('\n') });
    expect([...d.tasks.keys()]).toEqual(['t1', 't2']);
    expect(d.problems).toEqual([
      { file: 'tasks.jsonl', line: 2, message: 'line of 600,000,000 characters, past the limit of 16,777,216; skipped' },
      { file: 'tasks.jsonl', line: 3, message: expect.stringContaining('invalid JSON') },
    ]);
    // A whole-text file (JSON, SQL) with such a line is not read, and says which line.
    const meta = await load({ 'dataset.json': `{\n${tooLongLine(20_000_000, MAX_LINE_LENGTH)}\n}` });
    expect(meta.problems).toContainEqual({ file: 'dataset.json', line: 2, message: 'not read: line of 20,000,000 characters, past the limit of 16,777,216' });
  });

  it('names the field path of a schema failure', async () => {
    const d = await load({ 'tasks.jsonl': jsonl([{ id: 't1', scenario: 'shop', instruction: 7 }]) });
    expect(d.problems[0]).toMatchObject({ file: 'tasks.jsonl', line: 1, message: expect.stringContaining('field instruction') });
  });

  it('says an unresolved git merge conflict once, at its first line, with its lines, and reads the lines inside as any other', async () => {
    const ann = (revision: number, calls: number) => JSON.stringify({ task_id: 't1', annotator: 'ann', calls: Array(calls).fill({ tool_name: 'x', parameters: {} }), visual_refs: [], status: 'draft', revision, updated_at: '' });
    const text = [ann(1, 1), '<<<<<<< HEAD', ann(2, 2), '=======', ann(3, 3), '>>>>>>> origin/main', '', '<<<<<<< HEAD', ann(4, 4)].join('\r\n');
    const d = await load({ 'annotations/ann.jsonl': text });
    expect(d.problems).toEqual([
      { file: 'annotations/ann.jsonl', line: 2, message: expect.stringMatching(/^unresolved git merge conflict \(lines 2-6\): the lines of both sides are read as any other line/) },
      { file: 'annotations/ann.jsonl', line: 8, message: expect.stringMatching(/^unresolved git merge conflict \(from line 8\)/) },
    ]);
    expect(d.annotations.get('ann')?.get('t1')?.revision).toBe(4);
  });

  it('reads no sync conflict copy as an annotator: one problem per file, none per line; any other name is an annotator', async () => {
    const ann = (revision: number) => ({ task_id: 't1', annotator: 'alice', calls: [], visual_refs: [], status: 'submitted', revision, updated_at: '' });
    const d = await load({
      'annotations/alice.jsonl': jsonl([ann(1)]),
      'annotations/alice.sync-conflict-20261207-1234-ABCDEF.jsonl': jsonl([ann(1), ann(2)]) + '{bad\n',
      'annotations/bob (conflicted copy 2026-12-07).jsonl': jsonl([ann(1)]),
      'annotations/carol (Case Conflict).jsonl': jsonl([ann(1)]),
      'annotations/Annotator 2.jsonl': jsonl([{ ...ann(1), annotator: 'Annotator 2' }]),
    });
    expect([...d.annotations.keys()]).toEqual(['Annotator 2', 'alice']);
    expect(annotatorOfFile('ground_truth.jsonl')).toBeNull();
    expect(d.problems).toEqual([
      { file: 'annotations/alice.sync-conflict-20261207-1234-ABCDEF.jsonl', line: 0, message: "a sync tool's conflict copy of annotations/alice.jsonl: merge its lines into that file, then delete it; not read until then" },
      { file: 'annotations/bob (conflicted copy 2026-12-07).jsonl', line: 0, message: "a sync tool's conflict copy of annotations/bob.jsonl: merge its lines into that file, then delete it; not read until then" },
      { file: 'annotations/carol (Case Conflict).jsonl', line: 0, message: "a sync tool's conflict copy of annotations/carol.jsonl: merge its lines into that file, then delete it; not read until then" },
    ]);
  });

  it('says once per file that its lines name another annotator than the file; the file\'s name counts', async () => {
    const ann = (annotator: string | undefined, revision: number) => ({ task_id: 't1', annotator, calls: [], visual_refs: [], status: 'draft', revision, updated_at: '' });
    const d = await load({ 'annotations/alice.jsonl': jsonl([ann('alice', 1), ann(undefined, 2), ann('bob', 3), ann('carol', 4)]) });
    expect(d.problems).toEqual([
      { file: 'annotations/alice.jsonl', line: 3, message: 'annotator "bob" is not the file\'s "alice"; the file\'s name counts (2 lines of this file name another annotator)' },
    ]);
    expect(d.annotations.get('alice')?.get('t1')?.revision).toBe(4);
    expect([...d.annotations.keys()]).toEqual(['alice']);
  });

  it('says a required field is missing, or null, in those words', async () => {
    const d = await load({ 'tasks.jsonl': jsonl([{ scenario: 'shop', instruction: 'x' }, { id: 't2', scenario: null, instruction: 'x' }]) });
    // (The ground truth's lines then name tasks that did not load.)
    expect(d.problems.filter((p) => p.file === 'tasks.jsonl').map((p) => [p.line, p.message])).toEqual([
      [1, 'field id: missing (a string is required)'],
      [2, 'field scenario: null (a string is required)'],
    ]);
    const meta = await load({ 'dataset.json': '{"name": "n", "version": "1"}' });
    expect(meta.problems).toEqual([{ file: 'dataset.json', line: 1, message: 'field id: missing (a string is required)' }]);
  });

  it('reports repeated task ids, unknown scenarios and ground truth for unknown tasks', async () => {
    const base = shopFiles();
    const d = await load({
      'tasks.jsonl': base['tasks.jsonl'] + jsonl([{ id: 't1', scenario: 'shop', instruction: '' }, { id: 't9', scenario: 'mall', instruction: '' }]),
      'ground_truth.jsonl': base['ground_truth.jsonl'] + jsonl([{ task_id: 'nope', calls: [] }]),
    });
    expect(d.problems.map((p) => [p.file, p.line])).toEqual([
      ['tasks.jsonl', 3],
      ['tasks.jsonl', 4],
      ['ground_truth.jsonl', 3],
    ]);
    expect(d.problems.map((p) => p.message).join(' ')).toMatch(/repeats.*unknown scenario "mall".*unknown task "nope"/);
  });

  it('names a task whose video is no path inside the dataset, and keeps the task', async () => {
    const base = shopFiles();
    const d = await load({
      'tasks.jsonl': base['tasks.jsonl'] + jsonl([{ id: 't7', scenario: 'shop', instruction: '', video: '../../../etc/passwd' }, { id: 't8', scenario: 'shop', instruction: '', video: 'videos/a.webm' }]),
    });
    expect(d.problems.filter((p) => p.file === 'tasks.jsonl')).toEqual([
      { file: 'tasks.jsonl', line: 3, message: 'task "t7": video "../../../etc/passwd" is not a path inside the dataset (no "..", no absolute path, no hidden name); the task has no clip' },
    ]);
    expect(d.tasks.has('t7')).toBe(true);
  });

  it('reports a syntax error in tools.json at its line, and the scenario is left out', async () => {
    const d = await load({ 'scenarios/shop/tools.json': '{\n  "state_tables": ["carts"],\n  "tools": [,]\n}' });
    expect(d.problems[0]).toMatchObject({ file: 'scenarios/shop/tools.json', line: 3 });
    expect(d.scenarios.size).toBe(0);
    expect(d.problems.some((p) => p.message.includes('unknown scenario "shop"'))).toBe(true);
  });

  it('a bad profile or modes in dataset.json costs that field alone, said at its line', async () => {
    const meta = '{\n  "id": "shop",\n  "name": "Shop",\n  "version": "1",\n  "profile": "official",\n  "modes": ["static"]\n}';
    const d = await load({ 'dataset.json': meta });
    expect(d.meta).toEqual({ id: 'shop', name: 'Shop', version: '1', modes: ['static'] });
    expect(d.problems).toEqual([{ file: 'dataset.json', line: 5, message: expect.stringMatching(/^field profile: .*; profile ignored \(the paper profile applies\)$/) }]);
    const both = await load({ 'dataset.json': meta.replace('["static"]', '"static"') });
    expect(both.meta).toEqual({ id: 'shop', name: 'Shop', version: '1', modes: [] });
    expect(both.problems.map((p) => [p.line, p.message.replace(/:.*;/, ':')]).sort()).toEqual([
      [5, 'field profile: profile and modes ignored (the paper profile applies, the trajectories give the modes)'],
      [6, 'field modes: profile and modes ignored (the paper profile applies, the trajectories give the modes)'],
    ]);
    // A bad id is no optional field: the defaults, as before.
    expect((await load({ 'dataset.json': meta.replace('"shop"', '""') })).meta.id).toBe('dataset');
  });

  it('keeps x-match entity targets with their lines and reports an unknown rule at its line', async () => {
    const tools = JSON.parse(shopFiles()['scenarios/shop/tools.json']);
    tools.tools[3].parameters.properties.code['x-match'] = 'exakt';
    const text = JSON.stringify(tools, null, 2);
    const d = await load({ 'scenarios/shop/tools.json': text });
    const lineOf = (needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
    expect(d.problems).toEqual([
      {
        file: 'scenarios/shop/tools.json',
        line: lineOf('"exakt"'),
        message: 'tool "compare_products", parameter code: x-match "exakt" is not a rule (exact, casefold or {"entity": "TABLE.COLUMN"}); the default comparison applies',
      },
    ]);
    expect(d.scenarios.get('shop')?.entityTargets).toEqual([
      { tool: 'add_to_cart', parameter: 'product_name', table: 'products', column: 'product_name', line: lineOf('"products.product_name"') },
    ]);
  });

  it('reports a bad tool at the line of the failing field and keeps the other tools', async () => {
    const tools = JSON.parse(shopFiles()['scenarios/shop/tools.json']);
    tools.tools[1].effect = 'delete';
    const text = JSON.stringify(tools, null, 2);
    const d = await load({ 'scenarios/shop/tools.json': text });
    const line = text.split('\n').findIndex((l) => l.includes('"delete"')) + 1;
    // The ground truth's call of the tool left out is said, at its line, and kept.
    expect(d.problems).toEqual([
      { file: 'scenarios/shop/tools.json', line, message: expect.stringContaining('tools[1].effect') },
      { file: 'ground_truth.jsonl', line: 1, message: 'task "t1": call 2 names tool "add_to_cart", which scenario "shop" does not define; kept as written: it fails when run, and only a call of the same missing tool matches it' },
    ]);
    expect(d.groundTruth.get('t1')?.calls).toHaveLength(2);
    expect(d.scenarios.get('shop')?.library.tools.map((t) => t.name)).toEqual(['search_products', 'set_list', 'compare_products']);
  });

  it('locates the problems of 50,000 bad tools in linear time (about 1 s; 16,000 took 26 s when it was quadratic)', { timeout: 120_000 }, async () => {
    const toolsText = (count: number) =>
      JSON.stringify({ state_tables: [], tools: Array.from({ length: count }, (_, i) => ({ name: `tool_${i}`, description: 'bad', parameters: { type: 'object' }, effect: 'delete', steps: [] })) }, null, 2);
    /** The better of two runs: the first also pays for compiling zod's and the locator's code. */
    async function timed(text: string) {
      let elapsed = Infinity;
      let d = await load();
      for (let run = 0; run < 2; run++) {
        const started = performance.now();
        d = await load({ 'scenarios/shop/tools.json': text });
        elapsed = Math.min(elapsed, performance.now() - started);
      }
      return { d, elapsed };
    }
    const text = toolsText(50_000);
    const { d, elapsed } = await timed(text);
    const small = await timed(toolsText(2_500));
    const toolProblems = d.problems.filter((p) => p.file === 'scenarios/shop/tools.json');
    expect(toolProblems.length).toBeGreaterThanOrEqual(50_000);
    const lines = text.split('\n');
    // Each problem at the line of its own tool's "effect".
    expect(lines[toolProblems[0].line - 1]).toContain('"effect": "delete"');
    expect(toolProblems[toolProblems.length - 1].line).toBe(lines.lastIndexOf('      "effect": "delete",') + 1);
    console.log(`bad tools located: 50,000 in ${Math.round(elapsed)} ms, 2,500 in ${Math.round(small.elapsed)} ms`);
    // Linear: twenty times the tools, about twenty times the time; quadratic would be four hundred.
    // The wide margin is for shared machines (25 against a tenfold size failed once under load).
    expect(elapsed / small.elapsed).toBeLessThan(80);
    // The time itself is the benchmark line above (about 1.1 s idle), not an assertion: CI machines are shared.
  });

  it('reports a second definition of a tool at its line', async () => {
    const tools = JSON.parse(shopFiles()['scenarios/shop/tools.json']);
    tools.tools.push(tools.tools[0]);
    const text = JSON.stringify(tools, null, 2);
    const d = await load({ 'scenarios/shop/tools.json': text });
    const twice = d.problems.find((p) => p.message.includes('defined twice'))!;
    // The line that opens the second definition (the last tool).
    expect(twice.line).toBe(text.split('\n').lastIndexOf('    {') + 1);
  });

  it('reports a tool whose name equals another after trimming as a second definition, keeping the first', async () => {
    const tools = JSON.parse(shopFiles()['scenarios/shop/tools.json']);
    const first = tools.tools[0];
    tools.tools.push({ ...first, name: ` ${first.name} `, effect: first.effect === 'write' ? 'read' : 'write' });
    const d = await load({ 'scenarios/shop/tools.json': JSON.stringify(tools, null, 2) });
    expect(d.problems.some((p) => p.message.includes('defined twice (names compare trimmed)'))).toBe(true);
    const kept = d.scenarios.get('shop')!.library.tools.filter((t) => t.name.trim() === first.name);
    expect(kept).toEqual([first]);
  });

  it.each(['dataset.json', 'scenarios/shop/tools.json'])('reports %s nested deeper than the cap at its line, without a crash', async (file) => {
    for (const depth of [65, 10_000, 200_000]) {
      const text = `{\n  "name": "deep",\n  "x": ${'['.repeat(depth)}${']'.repeat(depth)}\n}`;
      const d = await load({ [file]: text });
      const problem = d.problems.find((p) => p.file === file);
      expect(problem, `${depth}`).toMatchObject({ line: 3, message: expect.stringContaining('nesting deeper than') });
    }
  });

  it('takes the highest revision of an annotation, the later line on a tie', async () => {
    const a = (revision: number, n: number) => ({ task_id: 't1', annotator: 'ann', calls: Array(n).fill({ tool_name: 'x', parameters: {} }), visual_refs: [], status: 'draft', revision, updated_at: '' });
    const d = await load({ 'annotations/ann.jsonl': jsonl([a(2, 1), a(3, 2), a(1, 3), a(3, 4)]) });
    expect(d.annotations.get('ann')?.get('t1')?.calls).toHaveLength(4);
  });

  it('keeps the first submitted line of a task that a later revision changed (blind annotation: it may follow the other)', async () => {
    const call = (q: string) => ({ tool_name: 'search_products', parameters: { name: q } });
    const a = (task_id: string, revision: number, status: string, q: string, refs: unknown[] = []) => ({ task_id, calls: [call(q)], visual_refs: refs, status, revision, updated_at: `2026-12-0${revision}T10:00:00Z` });
    const ref = { id: 'r1', description: 'the apple', entity: 'Green Apple', start: 1, end: 2 };
    const d = await load({
      'annotations/ann.jsonl': jsonl([
        // t1: submitted at 2 and at 3, changed at 4 (the first submit is kept)
        a('t1', 1, 'draft', 'x'), a('t1', 2, 'submitted', 'apple'), a('t1', 3, 'submitted', 'apple'), a('t1', 4, 'draft', 'pear'),
        // t2: submitted again with the same content
        a('t2', 1, 'submitted', 'milk'), a('t2', 2, 'submitted', 'milk'),
      ]),
      'annotations/bob.jsonl': jsonl([
        // t1: submitted only at its last revision; t2: its references changed at 3, listed before the submitted 2 (revisions decide, not lines)
        a('t1', 1, 'draft', 'x'), a('t1', 2, 'submitted', 'y'), a('t2', 3, 'submitted', 'milk', [ref]), a('t2', 2, 'submitted', 'milk'),
      ]),
      'annotations/cy.jsonl': jsonl([a('t1', 1, 'submitted', 'x'), a('t1', 2, 'draft', 'x')]),
    });
    expect(d.problems).toEqual([]);
    // cy opened t1 again and changed nothing: not listed.
    expect([...d.changedAfterSubmit!.keys()]).toEqual(['ann', 'bob']);
    expect([...d.changedAfterSubmit!.get('ann')!]).toEqual([['t1', expect.objectContaining({ revision: 2, calls: [call('apple')] })]]);
    expect([...d.changedAfterSubmit!.get('bob')!]).toEqual([['t2', expect.objectContaining({ revision: 2, visual_refs: [] })]]);
  });

  it('with a source whose reads are round trips, asks for the big files at once; the dataset and its problems are those of reads one by one', async () => {
    const files = shopFiles({
      'annotations/amy.jsonl': '{"task_id": "nope", "calls": []}\n{bad\n',
      'annotations/bob.jsonl': '{"task_id": "t1", "calls": [], "annotator": "carl"}\n',
      'ground_truth.jsonl': shopFiles()['ground_truth.jsonl'] + '{not json\n',
    });
    const started: string[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const plain = memorySource(files);
    // Later files answer first: problems must still come in the loader's order.
    const delay: Record<string, number> = { 'tasks.jsonl': 40, 'ground_truth.jsonl': 30, 'annotations/amy.jsonl': 20, 'annotations/bob.jsonl': 1 };
    const roundTrips = {
      ...plain,
      readsAhead: true,
      readChunks: async (path: string) => {
        started.push(path);
        mostInFlight = Math.max(mostInFlight, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, delay[path] ?? 0));
        inFlight--;
        return plain.readChunks(path);
      },
    };
    const ahead = await loadDataset(roundTrips);
    const oneByOne = await loadDataset(memorySource(files));
    expect(mostInFlight, `reads started: ${started.join(', ')}`).toBe(4);
    expect(ahead.problems).toEqual(oneByOne.problems);
    expect(ahead.problems.map((p) => p.file)).toEqual(['ground_truth.jsonl', 'annotations/amy.jsonl', 'annotations/amy.jsonl', 'annotations/bob.jsonl']);
    expect([...ahead.tasks.keys()]).toEqual([...oneByOne.tasks.keys()]);
    expect(ahead.groundTruth).toEqual(oneByOne.groundTruth);
    expect(ahead.annotations).toEqual(oneByOne.annotations);
  });

  it('says why a task is left out when its scenario folder is a symbolic link, and only then', async () => {
    const files = shopFiles({
      'tasks.jsonl': shopFiles()['tasks.jsonl'] + jsonl([{ id: 't8', scenario: 'retail', instruction: '' }, { id: 't9', scenario: 'mall', instruction: '' }]),
    });
    const withLinks = (links: string[] | Error) => ({
      ...memorySource(files),
      listDirLinks: async (dir: string) => {
        if (links instanceof Error) throw links;
        return dir === 'scenarios' ? links : [];
      },
    });
    const linked = await loadDataset(withLinks(['retail']));
    expect(linked.problems).toEqual([
      { file: 'tasks.jsonl', line: 3, message: expect.stringMatching(/^task "t8": scenario "retail" is a symbolic link \(scenarios\/retail\); .*copy the folder in/) },
      { file: 'tasks.jsonl', line: 4, message: 'task "t9": unknown scenario "mall"; left out' },
    ]);
    expect([...linked.tasks.keys()]).toEqual(['t1', 't2']);
    // No link named so, no listing of links, or one that fails: today's message, and no other problem.
    const plain = (await loadDataset(memorySource(files))).problems;
    expect(plain.map((p) => p.message)).toEqual(['task "t8": unknown scenario "retail"; left out', 'task "t9": unknown scenario "mall"; left out']);
    expect((await loadDataset(withLinks([]))).problems).toEqual(plain);
    expect((await loadDataset(withLinks(new Error('EACCES')))).problems).toEqual(plain);
  });

  it('leaves a scenario out without its data.sql (missing or refused), not scored from an empty seed; an empty one is a seed with no rows', async () => {
    const files = shopFiles();
    const missing = Object.fromEntries(Object.entries(files).filter(([file]) => file !== 'scenarios/shop/data.sql'));
    const without = await loadDataset(memorySource(missing));
    expect(without.scenarios.has('shop')).toBe(false);
    expect(without.problems).toContainEqual({ file: 'scenarios/shop/data.sql', line: 0, message: 'missing: scenario left out' });
    const refusing = memorySource(files);
    const refused = await loadDataset({ ...refusing, readText: (p) => (p === 'scenarios/shop/data.sql' ? Promise.reject(new Error('leads out of the dataset')) : refusing.readText(p)) });
    expect(refused.scenarios.has('shop')).toBe(false);
    expect(refused.problems).toContainEqual({ file: 'scenarios/shop/data.sql', line: 0, message: 'not read: leads out of the dataset' });
    const empty = await loadDataset(memorySource({ ...files, 'scenarios/shop/data.sql': '' }));
    expect(empty.scenarios.get('shop')?.dataSql).toBe('');
  });

  it('asks for folder links only when a task names a scenario that did not load', async () => {
    const asked: string[] = [];
    await loadDataset({ ...memorySource(shopFiles()), listDirLinks: async (dir) => (asked.push(dir), []) });
    expect(asked).toEqual([]);
  });

  it('reports a missing dataset.json and tasks.jsonl without failing', async () => {
    const d = await loadDataset(memorySource({}));
    expect(d.problems.map((p) => p.file)).toEqual(['dataset.json', 'tasks.jsonl']);
  });

  it('says at an empty tasks.jsonl that it lists no task, not only at each line naming one', async () => {
    const d = await load({ 'tasks.jsonl': '\n  \n' });
    expect(d.problems.filter((p) => p.file === 'tasks.jsonl')).toEqual([{ file: 'tasks.jsonl', line: 0, message: expect.stringMatching(/^no task is listed here/) }]);
    expect(d.problems.some((p) => p.file === 'ground_truth.jsonl' && /unknown task/.test(p.message))).toBe(true);
  });
});

describe('trajectory files (SPEC §6)', () => {
  it('lists *.jsonl under trajectories/ in code-point order', async () => {
    const files = await listTrajectoryFiles(
      memorySource({ 'trajectories/b.jsonl': '', 'trajectories/a/z.jsonl': '', 'trajectories/\u{1F600}.jsonl': '', 'trajectories/\uFF5E.jsonl': '', 'trajectories/x.txt': '' }),
    );
    expect(files).toEqual(['trajectories/a/z.jsonl', 'trajectories/b.jsonl', 'trajectories/\uFF5E.jsonl', 'trajectories/\u{1F600}.jsonl']);
  });

  it('converts legacy call/result items and rejects items without calls', async () => {
    const problems: Problem[] = [];
    const lines = jsonl([
      { id: 'a', task_id: 't1', model: 'm', mode: 'static', tool_calls: [{ turn: 0, call: { tool_name: 'x', parameters: {} }, result: 'ok' }] },
      { id: 'b', task_id: 't1', model: 'm', mode: 'static', tool_calls: [{ turn: 0 }] },
      { id: 'c', task_id: 't1', mode: 'static' },
    ]);
    const out = [];
    for await (const t of readTrajectories([lines], 'f.jsonl', problems)) out.push(t);
    expect(out.map((t) => t.tool_calls)).toEqual([[{ turn: 0, calls: [{ tool_name: 'x', parameters: {} }], results: ['ok'] }]]);
    expect(problems.map((p) => p.line)).toEqual([2, 3]);
    expect(problems[1].message).toContain('field model');
  });
});

describe('bad input never throws', () => {
  it('splits lines across chunks and caps line length', async () => {
    const out = [];
    for await (const l of splitLines(['ab', 'c\nde', 'f\r\n', 'x'.repeat(20), '\nlast'], 10)) out.push(l);
    expect(out).toEqual([
      { kind: 'line', lineNumber: 1, text: 'abc' },
      { kind: 'line', lineNumber: 2, text: 'def' },
      { kind: 'too-long', lineNumber: 3, length: 20, limit: 10 },
      { kind: 'line', lineNumber: 4, text: 'last' },
    ]);
    expect(unreadLineMessage({ kind: 'too-long', lineNumber: 3, length: 20_000_000, limit: MAX_LINE_LENGTH })).toBe('line of 20,000,000 characters, past the limit of 16,777,216; skipped');
  });

  it('refuses deep nesting; keys named __proto__, constructor and prototype are data that reaches no prototype', () => {
    expect(safeJsonParse('['.repeat(100) + ']'.repeat(100))).toMatchObject({ ok: false, message: expect.stringContaining('nesting') });
    expect(nestingDepth('{"a": "[[[["}')).toBe(1);
    const parsed = safeJsonParse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}, "ok": 1}');
    if (!parsed.ok) throw new Error(parsed.message);
    const value = parsed.value as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__', 'constructor', 'ok']);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual({ polluted: true });
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(value))).toEqual(JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}, "ok": 1}'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as unknown as Record<string, unknown>).x).toBeUndefined();
  });

  it('keeps tool parameters named __proto__, constructor and prototype in tools.json', async () => {
    const tools = JSON.parse(shopFiles()['scenarios/shop/tools.json']);
    const text = JSON.stringify(tools).replace('"properties":{"name":{"type":"string"}}', '"properties":{"name":{"type":"string"},"__proto__":{"type":"string"},"constructor":{"type":"integer"},"prototype":{"type":3}}');
    const d = await load({ 'scenarios/shop/tools.json': text });
    // A bad schema under a key named prototype is still reported, at its field (and the ground truth's call of that tool).
    expect(d.problems).toEqual([
      { file: 'scenarios/shop/tools.json', line: 1, message: expect.stringContaining('tools[0].parameters.properties.prototype.type') },
      { file: 'ground_truth.jsonl', line: 1, message: expect.stringContaining('names tool "search_products"') },
    ]);
    const fixed = await load({ 'scenarios/shop/tools.json': text.replace('"prototype":{"type":3}', '"prototype":{"type":"number"}') });
    expect(fixed.problems).toEqual([]);
    const search = fixed.scenarios.get('shop')!.library.tools.find((t) => t.name === 'search_products')!;
    expect(Object.keys(search.parameters.properties!)).toEqual(['name', '__proto__', 'constructor', 'prototype']);
    expect(Object.getOwnPropertyDescriptor(search.parameters.properties, '__proto__')?.value).toEqual({ type: 'string' });
  });

  it('keeps parameters named __proto__, constructor and prototype in loaded calls', async () => {
    const line = '{"task_id": "t1", "annotator": "a", "calls": [{"tool_name": "search_products", "parameters": {"__proto__": "x", "constructor": "y", "prototype": {"__proto__": 1}, "name": "apple"}}], "visual_refs": [], "status": "draft", "revision": 1, "updated_at": "2026-01-01T00:00:00Z"}';
    const d = await load({ 'annotations/a.jsonl': `${line}\n`, 'ground_truth.jsonl': `${line.replace('"annotator": "a", ', '').replace(', "status": "draft", "revision": 1, "updated_at": "2026-01-01T00:00:00Z"', ', "source": "agreed"')}\n` });
    expect(d.problems).toEqual([]);
    const parameters = d.groundTruth.get('t1')!.calls[0].parameters;
    expect(Object.keys(parameters)).toEqual(['__proto__', 'constructor', 'prototype', 'name']);
    expect(JSON.stringify(parameters)).toBe('{"__proto__":"x","constructor":"y","prototype":{"__proto__":1},"name":"apple"}');
  });

  it('loads arbitrary bytes in any file without throwing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 300 }), fc.constantFrom('tasks.jsonl', 'dataset.json', 'scenarios/shop/tools.json', 'ground_truth.jsonl', 'annotations/a.jsonl'), async (text, file) => {
        const d = await load({ [file]: text });
        expect(Array.isArray(d.problems)).toBe(true);
        const problems: Problem[] = [];
        for await (const t of readTrajectories([text], 'x.jsonl', problems)) expect(typeof t.id).toBe('string');
      }),
      { numRuns: 200 },
    );
  });
});

describe('a file of many bad lines', () => {
  it('keeps its first 10,000 problems and counts the rest in one, read after blank lines too', async () => {
    const bad = Array.from({ length: 10_050 }, (_, i) => (i % 2 ? '' : `{bad ${i}`)).join('\n'); // 5,025 bad lines
    const worse = `${bad}\n${bad}\n${JSON.stringify({ id: 'late', scenario: 'shop', instruction: 'x', video: '' })}\n`;
    const d = await load({ 'tasks.jsonl': worse });
    const listed = d.problems.filter((p) => p.file === 'tasks.jsonl');
    expect(listed).toHaveLength(10_001);
    expect(listed[10_000]).toMatchObject({ line: 20_001, omitted: 50, message: '50 problem(s) from this line on, counted and not listed' });
    expect(capProblemsPerFile(listed).at(-1)?.message).toMatch(/^50 more problem\(s\) in this file/);
    expect([...d.tasks.keys()]).toEqual(['late']);
  });
});
