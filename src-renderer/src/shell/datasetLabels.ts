// Datasets that share a name (a release imported twice, two copies of the sample) would look alike
// in the picker: each of those is told apart by the end of its folder path, as editors tell apart
// open files of the same name.
import type { DatasetSummary } from '../../../shared/api/studio-api';

const segmentsOf = (root: string) => root.split(/[\\/]+/).filter(Boolean);
/** The last `n` segments, joined. */
const tail = (segments: string[], n: number) => segments.slice(-n).join('/');

/**
 * For each dataset whose name another one has too: the fewest last segments of its folder path
 * that no other dataset of that name ends with (the whole path at most). Unique names: nothing.
 */
export function distinguishingFolders(datasets: readonly Pick<DatasetSummary, 'id' | 'name' | 'root'>[]): Map<string, string> {
  const byName = new Map<string, (typeof datasets)[number][]>();
  for (const dataset of datasets) {
    const group = byName.get(dataset.name);
    if (group) group.push(dataset);
    else byName.set(dataset.name, [dataset]);
  }
  const out = new Map<string, string>();
  for (const group of byName.values()) {
    if (group.length < 2) continue;
    const paths = group.map((dataset) => segmentsOf(dataset.root));
    group.forEach((dataset, i) => {
      const own = paths[i];
      let count = 1;
      while (count < own.length && paths.some((other, j) => j !== i && tail(other, count) === tail(own, count))) count++;
      out.set(dataset.id, count < own.length ? `…/${tail(own, count)}` : dataset.root);
    });
  }
  return out;
}
