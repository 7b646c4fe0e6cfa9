import { describe, expect, it } from 'vitest';
import { datasetArgs, secondLaunchDatasets } from './launch-args';

describe('launch arguments', () => {
  it('reads every --dataset folder, in both spellings', () => {
    expect(datasetArgs(['/usr/bin/electron', '.', '--dataset', 'a', '--other', '--dataset=/b', '--dataset'])).toEqual(['a', '/b']);
  });

  it("takes a second launch's datasets only as a list of absolute paths", () => {
    expect(secondLaunchDatasets({ datasets: ['/data/a', 'relative/b', 3, '/data/c'] })).toEqual(['/data/a', '/data/c']);
    for (const data of [undefined, null, 'x', {}, { datasets: '/data/a' }]) expect(secondLaunchDatasets(data), JSON.stringify(data)).toEqual([]);
  });
});
