import { describe, expect, it, vi } from 'vitest';
import type { Problem } from '../../../shared/format/types';
import { fakeWorkers, flush, manualClock, settled } from '../workers/test-workers';
import { overranMessage, stoppedMessage } from '../workers/overrun';
import { noFiles, type DatasetFiles } from './datasetFiles';
import { EvaluationWorker } from './evaluationService';
import type { FromWorker, ImportedFile, ToWorker, TrajectoryRow } from './protocol';

// Imported rows replay without the host; nothing here may reach it.
vi.mock('../api/studio', () => ({
  studioApi: () => {
    throw new Error('no host in this test');
  },
}));

const LIMIT = 2000;

const row = (id: string, file: string, scenario: string) => ({ id, file, line: 1, scenario, imported: true }) as TrajectoryRow;

function files(): DatasetFiles {
  const read = noFiles('sample');
  for (const scenario of ['retail', 'kitchen'])
    for (const name of ['schema.sql', 'data.sql', 'tools.json']) read.texts.set(`scenarios/${scenario}/${name}`, `${scenario} ${name}`);
  return read;
}

function setup() {
  const clock = manualClock();
  const workers = fakeWorkers<ToWorker, FromWorker>();
  const client = new EvaluationWorker({ start: workers.start, timers: clock.timers, limitMs: LIMIT });
  const listed: { rows: TrajectoryRow[]; problems: Problem[] }[] = [];
  client.onImported = (rows, problems) => listed.push({ rows, problems });
  client.expectOpen();
  client.open(files());
  /** What a worker was sent, the dataset's files left out. */
  const requests = (n: number) => workers.started[n].sent.filter((m) => m.type !== 'text' && m.type !== 'open');
  const idOf = (message: ToWorker) => (message as { id: number }).id;
  return { clock, workers, client, listed, requests, idOf };
}

const fileA: ImportedFile = { name: 'a.jsonl', text: '{"id":"a1"}' };
const fileB: ImportedFile = { name: 'b.jsonl', text: '{"id":"b1"}' };

describe('EvaluationWorker (the client)', () => {
  it('gives a worker started after a stop the imported files again, before the replay that needs them; their rows are not listed twice', async () => {
    const { clock, workers, client, listed, requests, idOf } = setup();
    client.importFiles([fileB, fileA], ['host-1']);
    await flush();
    const [imported] = requests(0);
    expect(imported).toMatchObject({ type: 'import', files: [fileB, fileA], knownIds: ['host-1'] });
    workers.started[0].say({ type: 'rows', rows: [row('a1', 'a.jsonl', 'retail')] });
    workers.started[0].say({ type: 'rows', rows: [row('b1', 'b.jsonl', 'kitchen')] });
    workers.started[0].say({ id: idOf(imported), type: 'imported' });
    await flush();
    expect(listed.flatMap((l) => l.rows.map((r) => r.id))).toEqual(['a1', 'b1']);

    // A replay of a retail row whose SQL never ends: the worker is stopped.
    const stuck = settled(client.replay('sample', row('a1', 'a.jsonl', 'retail')));
    await flush();
    clock.advance(LIMIT + 1000);
    await flush();
    expect(stuck.error?.message).toBe(stoppedMessage('retail', LIMIT));
    expect(workers.started[0].terminated).toBe(true);

    // retail again: at once, and no worker started for it.
    const again = settled(client.replay('sample', row('a1', 'a.jsonl', 'retail')));
    await flush();
    expect(again.error?.message).toBe(overranMessage('retail', LIMIT));
    expect(workers.started).toHaveLength(1);

    // A kitchen row: the fresh worker gets the dataset, then the import, and only then the replay.
    const replayed = settled(client.replay('sample', row('b1', 'b.jsonl', 'kitchen')));
    await flush();
    expect(workers.started).toHaveLength(2);
    const [restore] = requests(1);
    expect(restore).toMatchObject({ type: 'import', files: [fileA, fileB], knownIds: ['host-1'] });
    expect(requests(1)).toHaveLength(1);
    workers.started[1].say({ type: 'rows', rows: [row('a1', 'a.jsonl', 'retail')] });
    workers.started[1].say({ type: 'rows', rows: [row('b1', 'b.jsonl', 'kitchen')] });
    workers.started[1].say({ id: idOf(restore), type: 'imported' });
    await flush();
    const replay = requests(1)[1];
    expect(replay).toMatchObject({ type: 'replay', trajectoryId: 'b1' });
    workers.started[1].say({ id: idOf(replay), type: 'replay', detail: { row: row('b1', 'b.jsonl', 'kitchen') } } as FromWorker);
    await flush();
    expect(replayed.value?.row.id).toBe('b1');
    expect(listed.flatMap((l) => l.rows.map((r) => r.id))).toEqual(['a1', 'b1']); // not listed again
  });

  it('an import stopped midway names the file it was scoring, and keeps the files the worker had scored (their rows are listed), and only those', async () => {
    const { clock, workers, client, listed, requests } = setup();
    client.importFiles([fileA, fileB], []);
    await flush();
    workers.started[0].say({ type: 'alive', scenario: 'retail' });
    workers.started[0].say({ type: 'rows', rows: [row('a1', 'a.jsonl', 'kitchen')] });
    workers.started[0].say({ type: 'alive', scenario: 'retail' });
    clock.advance(LIMIT + 1000); // b.jsonl's retail SQL never ends
    await flush();
    expect(listed.at(-1)?.problems).toEqual([{ file: 'b.jsonl', line: 0, message: stoppedMessage('retail', LIMIT) }]); // the file it was scoring
    void client.search('sample', 'x').catch(() => undefined); // a request: a fresh worker
    await flush();
    expect(requests(1)[0]).toMatchObject({ type: 'import', files: [fileA], knownIds: [] });
  });

  it('imports that fail to load again are dropped with a problem saying to import them again, and their rows say so', async () => {
    const { clock, workers, client, listed, requests, idOf } = setup();
    client.importFiles([fileA], []);
    await flush();
    workers.started[0].say({ type: 'rows', rows: [row('a1', 'a.jsonl', 'kitchen')] });
    workers.started[0].say({ id: idOf(requests(0)[0]), type: 'imported' });
    const stuck = settled(client.replay('sample', row('x', 'other.jsonl', 'retail')));
    await flush();
    clock.advance(LIMIT + 1000);
    await flush();
    expect(stuck.error).toBeDefined();

    const replayed = settled(client.replay('sample', row('a1', 'a.jsonl', 'kitchen')));
    await flush();
    workers.started[1].onerror?.({ message: 'out of memory' } as ErrorEvent); // the worker given the import back fails
    await flush();
    expect(listed.at(-1)?.problems[0]).toMatchObject({ file: 'a.jsonl', line: 0 });
    expect(listed.at(-1)?.problems[0].message).toContain('import the file again');
    // The replay that waited for it says so too; the next worker is given nothing to score again.
    expect(replayed.error?.message).toContain('import the file again');
    expect(workers.started).toHaveLength(3);
    expect(requests(2)).toEqual([]);
    const later = settled(client.replay('sample', row('a1', 'a.jsonl', 'kitchen')));
    await flush();
    expect(later.error?.message).toContain('import the file again');
  });
});
