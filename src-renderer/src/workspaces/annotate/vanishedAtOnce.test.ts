import { describe, expect, it } from 'vitest';
import { emptyAnnotation } from '../../db/annotationRepo';
import { fileAsRowsLastHadIt, vanishedAtOnce } from './vanishedAtOnce';

const file = (...tasks: string[]) => new Map(tasks.map((task) => [task, {}]));

describe('vanishedAtOnce', () => {
  it('names the tasks when the file is gone, emptied, or lost most of its tasks (a branch switch)', () => {
    expect(vanishedAtOnce(file('t1', 't2'), file(), false)).toEqual(['t1', 't2']);
    expect(vanishedAtOnce(file('t1'), file(), true)).toEqual(['t1']);
    expect(vanishedAtOnce(file('t1', 't2', 't3'), file('t3', 't9'), true)).toEqual(['t1', 't2']);
  });

  it('says nothing when no task or only a few of many left the file (written back as before)', () => {
    expect(vanishedAtOnce(file('t1', 't2'), file('t1', 't2'), true)).toBeNull();
    expect(vanishedAtOnce(file('t1', 't2', 't3'), file('t2', 't3'), true)).toBeNull();
    expect(vanishedAtOnce(file('t1', 't2'), file('t2'), true)).toBeNull();
    expect(vanishedAtOnce(file(), file(), false)).toBeNull();
  });
});

describe('fileAsRowsLastHadIt', () => {
  const row = (task: string, revision: number, base: number | null) => ({
    ...emptyAnnotation({ dataset: 'd', task, annotator: 'alice' }),
    revision,
    base: base === null ? null : { revision: base, at: '2026-12-07T00:00:00Z' },
  });

  it('holds the tasks synchronised with the file, at the revision the file had, and not those never in it', () => {
    const lines = fileAsRowsLastHadIt([row('t1', 3, 3), row('t2', 5, 4), row('t3', 1, null)]);
    expect([...lines.keys()]).toEqual(['t1', 't2']);
    expect(lines.get('t2')).toMatchObject({ task_id: 't2', annotator: 'alice', revision: 4 });
  });

  it('after a reload, a file gone is held like one seen going (and an untouched browser holds nothing)', () => {
    expect(vanishedAtOnce(fileAsRowsLastHadIt([row('t1', 2, 2)]), file(), false)).toEqual(['t1']);
    expect(vanishedAtOnce(fileAsRowsLastHadIt([row('t1', 1, null)]), file(), false)).toBeNull();
  });
});
