import { describe, expect, it } from 'vitest';
import { vanishedAtOnce } from './vanishedAtOnce';

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
