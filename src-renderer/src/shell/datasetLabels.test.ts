import { describe, expect, it } from 'vitest';
import { distinguishingFolders } from './datasetLabels';

describe('dataset labels', () => {
  it('tells apart datasets of one name by the end of their folders; unique names get nothing', () => {
    const labels = distinguishingFolders([
      { id: '1', name: 'EgoBench (imported release)', root: '/home/ana/runs/2026-11/egobench' },
      { id: '2', name: 'EgoBench (imported release)', root: '/home/ana/runs/2026-12/egobench' },
      { id: '3', name: 'EgoBench (imported release)', root: '/data/egobench-b' },
      { id: '4', name: 'Sample', root: '/repo/datasets/egobench-sample' },
      { id: '5', name: 'Copy', root: 'C:\\Users\\ana\\copy' },
    ]);
    expect(labels).toEqual(
      new Map([
        ['1', '…/2026-11/egobench'],
        ['2', '…/2026-12/egobench'],
        ['3', '…/egobench-b'],
      ]),
    );
  });

  it('gives the whole path when one folder ends with the other', () => {
    const labels = distinguishingFolders([
      { id: 'a', name: 'x', root: '/data/x' },
      { id: 'b', name: 'x', root: '/mnt/backup/data/x' },
    ]);
    expect(labels.get('a')).toBe('/data/x');
    expect(labels.get('b')).toBe('…/backup/data/x');
  });
});
