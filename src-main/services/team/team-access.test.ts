import { appendFile, readFile, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StudioHandlers } from '../../../shared/api/studio-api';
import type { TeamIdentity } from '../../../shared/api/team';
import { createStudioHost } from '../studio-host';
import { invokeStudioHandler } from '../studio-handlers';
import { makeTempDataset, type TempDataset } from '../../test-support/temp-dataset';
import { filterToTasks, submittedTasks } from './blind-filter';
import { guardHandlers, writeRefusal } from './team-access';

const alice: TeamIdentity = { name: 'alice', role: 'annotator' };
const bob: TeamIdentity = { name: 'bob', role: 'annotator' };
const carol: TeamIdentity = { name: 'carol', role: 'adjudicator' };
const rita: TeamIdentity = { name: 'rita', role: 'reviewer' };

const line = (task: string, status: string, revision: number, annotator = 'alice') =>
  JSON.stringify({ task_id: task, annotator, calls: [], visual_refs: [], status, revision, updated_at: '2026-01-01T00:00:00Z' });

describe('who may write which file', () => {
  const may = (person: TeamIdentity, path: string) => writeRefusal(person, path) === null;
  it('an annotator writes only annotations/<own name>.jsonl', () => {
    expect(may(bob, 'annotations/bob.jsonl')).toBe(true);
    expect(may(bob, 'annotations/alice.jsonl')).toBe(false);
    expect(may(bob, 'annotations/Bob.jsonl')).toBe(false); // on a case-blind disk that could be another file
    expect(may(bob, 'ground_truth.jsonl')).toBe(false);
    expect(may(bob, 'studio-project.json')).toBe(false); // the blind setting is not the annotator's to turn off
    expect(may(bob, 'reviews/bob.jsonl')).toBe(false);
    expect(writeRefusal(bob, 'annotations/alice.jsonl')).toMatch(/alice's file: .* each annotator writes only annotations\/<own name>\.jsonl \(you are signed in as bob \(annotator\)/);
    expect(writeRefusal(bob, 'ground_truth.jsonl')).toMatch(/^Only an adjudicator writes ground_truth\.jsonl .*Ask an adjudicator/);
  });
  it('only an adjudicator writes ground truth and project files, never an annotator file or a review', () => {
    expect(may(carol, 'ground_truth.jsonl')).toBe(true);
    expect(may(carol, 'studio-project.json')).toBe(true);
    expect(may(carol, 'annotations/alice.jsonl')).toBe(false);
    expect(may(carol, 'ANNOTATIONS/alice.jsonl')).toBe(false);
    expect(may(carol, 'reviews/rita.jsonl')).toBe(false);
  });
  it('a reviewer writes only reviews/<own name>.jsonl', () => {
    expect(may(rita, 'reviews/rita.jsonl')).toBe(true);
    expect(may(rita, 'reviews/carol.jsonl')).toBe(false);
    expect(may(carol, 'reviews/carol.jsonl')).toBe(false);
    expect(may(rita, 'ground_truth.jsonl')).toBe(false);
  });
});

describe('blind filter', () => {
  it('counts a task submitted when its winning line (highest revision, later on a tie) is submitted', () => {
    const own = [line('t1', 'submitted', 2), line('t1', 'draft', 1), line('t2', 'submitted', 1), line('t2', 'draft', 1), 'not json', line('t3', 'draft', 4)].join('\n');
    expect([...submittedTasks(own)]).toEqual(['t1']);
  });
  it("keeps only the other annotator's lines of those tasks", () => {
    const theirs = `${line('t1', 'draft', 1, 'bob')}\n${line('t2', 'submitted', 3, 'bob')}\n{broken\n`;
    expect(filterToTasks(theirs, new Set(['t2']))).toBe(`${line('t2', 'submitted', 3, 'bob')}\n`);
    expect(filterToTasks(theirs, new Set())).toBe('');
  });
});

describe('guarded handlers', () => {
  let temp: TempDataset;
  let handlers: StudioHandlers;
  let datasetId: string;
  const as = (person: TeamIdentity) => {
    const studio = { rootOf: (id: string) => host.catalog.rootOf(id) };
    return guardHandlers(handlers, person, studio);
  };
  let host: ReturnType<typeof createStudioHost>;
  beforeEach(async () => {
    temp = await makeTempDataset({
      'annotations/alice.jsonl': `${line('t1', 'submitted', 1)}\n${line('t2', 'draft', 1)}\n`,
      'annotations/bob.jsonl': `${line('t1', 'submitted', 2, 'bob')}\n`,
    });
    host = createStudioHost({ hostKind: 'web', appRoot: temp.base, configDir: temp.configDir, datasetsDir: temp.datasetsDir });
    handlers = host.handlers;
    [{ id: datasetId }] = await handlers['datasets.list']();
    await handlers['datasets.open'](datasetId);
  });
  afterEach(async () => {
    host.annotationWatcher?.close();
    await temp.cleanup();
  });

  it('refuses a write to another annotator\'s file with 403 and writes nothing', async () => {
    await expect(invokeStudioHandler(as(bob), 'datasets.writeText', [datasetId, 'annotations/alice.jsonl', 'x\n'])).rejects.toMatchObject({ code: 'forbidden' });
    expect(await readFile(path.join(temp.root, 'annotations/alice.jsonl'), 'utf8')).toContain('"t2"');
    await invokeStudioHandler(as(bob), 'datasets.writeText', [datasetId, 'annotations/bob.jsonl', 'mine\n']);
    await invokeStudioHandler(as(carol), 'datasets.writeText', [datasetId, 'ground_truth.jsonl', '']);
    await expect(invokeStudioHandler(as(bob), 'datasets.setVideoFolder', [datasetId, { kind: 'clear' }])).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('while blind, an annotator reads only the tasks they submitted of another annotator\'s file', async () => {
    const read = (person: TeamIdentity, file: string) => invokeStudioHandler(as(person), 'datasets.readText', [datasetId, file]);
    const all = await readFile(path.join(temp.root, 'annotations/alice.jsonl'), 'utf8');
    expect(await read(bob, 'annotations/alice.jsonl')).toBe(all); // not blind yet
    await writeFile(path.join(temp.root, 'studio-project.json'), JSON.stringify({ agreement: { hide_while_annotating: true } }));
    expect(await read(bob, 'annotations/alice.jsonl')).toBe(`${line('t1', 'submitted', 1)}\n`);
    expect(await read(bob, 'annotations/ALICE.jsonl').catch(() => 'no such file here')).not.toContain('"t2"');
    expect(await read(alice, 'annotations/bob.jsonl')).toBe(`${line('t1', 'submitted', 2, 'bob')}\n`);
    expect(await read(alice, 'annotations/alice.jsonl')).toBe(all);
    expect(await read(carol, 'annotations/alice.jsonl')).toBe(all);
    expect(await read(rita, 'annotations/alice.jsonl')).toBe(all);
    // An adjudication draft holds both annotators' calls: only of the tasks the annotator submitted.
    const drafts = `${JSON.stringify({ task_id: 't1', note: '' })}\n${JSON.stringify({ task_id: 't2', note: '' })}\n`;
    await invokeStudioHandler(as(carol), 'datasets.writeText', [datasetId, 'adjudication/carol.jsonl', drafts]);
    expect(await read(bob, 'adjudication/carol.jsonl')).toBe(`${JSON.stringify({ task_id: 't1', note: '' })}\n`);
    expect(await read(carol, 'adjudication/carol.jsonl')).toBe(drafts);
    // bob has submitted nothing else: after he submits t2, he sees alice's t2 too.
    await writeFile(path.join(temp.root, 'annotations/bob.jsonl'), `${line('t2', 'submitted', 1, 'bob')}\n`);
    expect(await read(bob, 'annotations/alice.jsonl')).toBe(`${line('t2', 'draft', 1)}\n`);
    // Settings saved with a line in Latin-1 (a note "Étude") are still blind, as the studio reads them.
    const settings = JSON.stringify({ agreement: { hide_while_annotating: true }, note: 'Étude' }, null, 2);
    await writeFile(path.join(temp.root, 'studio-project.json'), Buffer.from(settings, 'latin1'));
    expect(await read(bob, 'annotations/alice.jsonl')).toBe(`${line('t2', 'draft', 1)}\n`);
  });

  it("while blind, an annotator whose own file holds a line too long to read (300 MiB) still has the submissions after it", async () => {
    await writeFile(path.join(temp.root, 'studio-project.json'), JSON.stringify({ agreement: { hide_while_annotating: true } }));
    const own = path.join(temp.root, 'annotations/bob.jsonl');
    await writeFile(own, `${line('t1', 'draft', 1, 'bob')}\n`);
    await truncate(own, 300 * 1024 * 1024); // line 2: NUL bytes up to 300 MiB (a sparse file)
    await appendFile(own, `\n${line('t2', 'submitted', 1, 'bob')}\n`);
    expect(await invokeStudioHandler(as(bob), 'datasets.readText', [datasetId, 'annotations/alice.jsonl'])).toBe(`${line('t2', 'draft', 1)}\n`);
    // His own read names the line; alice's read (she submitted t1), filtered, has other line numbers and names none.
    expect(await invokeStudioHandler(as(bob), 'datasets.readVersioned', [datasetId, 'annotations/bob.jsonl'])).toMatchObject({ longLines: [2] });
    expect(await invokeStudioHandler(as(alice), 'datasets.readVersioned', [datasetId, 'annotations/bob.jsonl'])).toEqual({ text: `${line('t1', 'draft', 1, 'bob')}\n`, hash: expect.any(String) });
  });

  it('serves only the datasets named on the command line, never the datasets folder or recent ones', async () => {
    expect(await as(bob)['datasets.list']()).toEqual([]);
    await expect(invokeStudioHandler(as(bob), 'datasets.open', [datasetId])).rejects.toThrow(/does not serve the dataset/);
    await host.catalog.addFolder(temp.root);
    const served = await as(bob)['datasets.list']();
    expect(served.map((dataset) => dataset.source)).toEqual(['added']);
    await invokeStudioHandler(as(bob), 'datasets.open', [served[0].id]);
  });

  it('app.info names the person', async () => {
    expect((await as(carol)['app.info']()).team).toEqual(carol);
    expect((await handlers['app.info']()).team).toBeUndefined();
  });
});
