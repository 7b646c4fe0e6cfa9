import { describe, expect, it } from 'vitest';
import { datasetArgs, secondLaunchDatasets } from './launch-args';

describe('launch arguments', () => {
  it('reads every --dataset folder, in both spellings', () => {
    expect(datasetArgs(['/usr/bin/electron', '.', '--dataset', 'a', '--other', '--dataset=/b', '--dataset'])).toEqual(['a', '/b']);
  });

  it("keeps npm start's default dataset apart from the ones a person named", () => {
    const argv = ['/usr/bin/electron', '.', '--default-dataset', '/repo/datasets/egobench-sample', '--dataset=/b', '--default-dataset=/c'];
    expect(datasetArgs(argv)).toEqual(['/b']);
    expect(datasetArgs(argv, '--default-dataset')).toEqual(['/repo/datasets/egobench-sample', '/c']);
  });

  it("takes a second launch's datasets only as a list of absolute paths", () => {
    expect(secondLaunchDatasets({ datasets: ['/data/a', 'relative/b', 3, '/data/c'] })).toEqual(['/data/a', '/data/c']);
    for (const data of [undefined, null, 'x', {}, { datasets: '/data/a' }]) expect(secondLaunchDatasets(data), JSON.stringify(data)).toEqual([]);
  });
});
