// The audit reads the trajectory files as the evaluation does: one gone since it was listed is
// one problem of that file, the others are audited (SPEC §12). Real files.
import { unlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, shopFiles } from '../../shared/eval/test-support/shop';
import { writeDatasetFolder } from '../test-support/dataset-folder';
import { auditFolder } from './audit-folder';

let dir = '';
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const run = (id: string) => JSON.stringify({ id, task_id: 't1', model: 'm', mode: 'dynamic_easy', tool_calls: [{ turn: 0, calls: [call('search_products', { name: 'apple' })] }] });

describe('auditFolder', () => {
  it('names a trajectory file gone since it was listed as one problem and audits the others', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'egostudio-audit-gone-'));
    await writeDatasetFolder(dir, { ...shopFiles(), 'trajectories/a.jsonl': `${run('a1')}\n${run('a2')}\n`, 'trajectories/b.jsonl': `${run('b1')}\n` });
    // Told once the dataset is loaded: the files are listed, none read yet.
    const { report } = await auditFolder(dir, { onLoaded: () => unlinkSync(path.join(dir, 'trajectories/b.jsonl')) });
    expect(report.problems).toEqual([{ file: 'trajectories/b.jsonl', line: 0, message: 'gone since it was listed (deleted or moved); left out' }]);
    expect(report.trajectories).toBe(2);
  });
});
