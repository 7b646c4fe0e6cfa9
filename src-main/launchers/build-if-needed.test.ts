import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, withDefaultDataset } from './build-if-needed.mjs';

describe('withDefaultDataset', () => {
  const sample = path.join(repoRoot, 'datasets', 'egobench-sample');

  it('adds the sample under the flag asked (npm start: --default-dataset, which a running studio is never handed)', () => {
    expect(withDefaultDataset([])).toEqual(['--dataset', sample]);
    expect(withDefaultDataset(['--inspect'], '--default-dataset')).toEqual(['--inspect', '--default-dataset', sample]);
  });

  it('adds nothing when a dataset is named, in either spelling', () => {
    expect(withDefaultDataset(['--dataset', '/data/a'], '--default-dataset')).toEqual(['--dataset', '/data/a']);
    expect(withDefaultDataset(['--dataset=/data/a'])).toEqual(['--dataset=/data/a']);
  });
});
