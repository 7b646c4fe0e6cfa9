// The dialogue search's matches to listed rows: the dataset's by file and line, imported ones by id.
import { describe, expect, it } from 'vitest';
import type { TrajectoryRow } from '../../../evaluation/protocol';
import { matchedRowIds } from './useDialogueSearch';

const row = (id: string, file: string, line: number, imported = false) => ({ id, file, line, imported }) as TrajectoryRow;

describe('matchedRowIds', () => {
  it('names a dataset row by its file and line only, and an imported row by its id', () => {
    const rows = [row('a', 'trajectories/x.jsonl', 1), row('b', 'trajectories/x.jsonl', 2), row('c', 'mine.jsonl', 1, true)];
    const matches = {
      // zz.jsonl:1 repeated a's id and was left out: no row of its own, and not a's.
      lines: [{ file: 'trajectories/x.jsonl', line: 2 }, { file: 'trajectories/zz.jsonl', line: 1 }],
      importedIds: ['c', 'a'],
    };
    expect([...matchedRowIds(matches, rows)]).toEqual(['b', 'c']);
  });
});
