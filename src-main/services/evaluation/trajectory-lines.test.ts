// Replay's dialogue search reads each line's raw JSON first: words that JSON escapes (a quote, a
// backslash, non-ASCII as Python's json.dumps writes it, \u00e8) were never found (an exploratory review).
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { searchDialogue } from './trajectory-lines';

const SAMPLE = path.resolve(__dirname, '../../../datasets/egobench-sample');

function datasetWith(messages: string[]): string {
  const root = mkdtempSync(path.join(tmpdir(), 'dialogue-search-'));
  cpSync(SAMPLE, root, { recursive: true, filter: (p) => !p.includes(`${path.sep}trajectories`) && !p.includes(`${path.sep}videos`) });
  mkdirSync(path.join(root, 'trajectories'));
  const lines = messages.map((content, i) =>
    JSON.stringify({ id: `run-${i}`, task_id: 'retail-01', model: 'm', mode: 'static', dialogue: [{ role: 'user', turn: 0, content }], tool_calls: [] })
      // Every non-ASCII character as \uXXXX, as Python's json.dumps writes it by default.
      .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  );
  writeFileSync(path.join(root, 'trajectories', 'runs.jsonl'), `${lines.join('\n')}\n`);
  return root;
}

const at = (line: number) => ({ file: 'trajectories/runs.jsonl', line });

describe('the dialogue search', () => {
  const root = datasetWith(['Please log a "general service" on it', 'Is the Crème Brûlée vegan?', 'saved under C:\\temp\tnow', 'nothing here']);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('finds words as typed, whatever their case', async () => {
    expect(await searchDialogue(root, 'GENERAL service')).toEqual([at(1)]);
  });
  it('finds a phrase typed with its quotes', async () => {
    expect(await searchDialogue(root, '"general service"')).toEqual([at(1)]);
  });
  it('finds non-ASCII words the file holds as \\u escapes', async () => {
    expect(await searchDialogue(root, 'crème brûlée')).toEqual([at(2)]);
  });
  it('finds a backslash and a tab', async () => {
    expect(await searchDialogue(root, 'C:\\temp\tnow')).toEqual([at(3)]);
  });
  it('finds nothing that is not said', async () => {
    expect(await searchDialogue(root, 'vegetarian')).toEqual([]);
  });
});

describe('the dialogue search names lines, not ids', () => {
  it('a line whose id repeats an earlier one is its own line; a number id is found as any', async () => {
    const root = datasetWith(['first words', 'nothing here']);
    try {
      const line = (id: unknown, content: string) => JSON.stringify({ id, task_id: 'retail-01', model: 'm', mode: 'static', dialogue: [{ role: 'user', turn: 0, content }], tool_calls: [] });
      writeFileSync(path.join(root, 'trajectories', 'zz.jsonl'), `${line('run-0', 'quokka words')}\n${line(7, 'wombat words')}\n`);
      // Scoring leaves zz.jsonl:1 out (run-0 is runs.jsonl:1): it must not find runs.jsonl's run-0.
      expect(await searchDialogue(root, 'quokka')).toEqual([{ file: 'trajectories/zz.jsonl', line: 1 }]);
      expect(await searchDialogue(root, 'wombat')).toEqual([{ file: 'trajectories/zz.jsonl', line: 2 }]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
