// Writing lines of ground_truth.jsonl without losing anyone's: read with its hash, refuse when a
// task being written has a line other than the one the adjudicator saw (someone finalized it
// meanwhile) or more than one (a merge's two sides: replaceGroundTruthLines), else replace only those tasks' lines with a conditional write; a refused write
// (another task's line written meanwhile) reads again and retries.
import type { StudioApi } from '../../../shared/api/studio-api';
import { StudioError } from '../../../shared/api/studio-error';
import type { GroundTruth } from '../../../shared/format/types';
import { GROUND_TRUTH_PATH } from './agreementData';
import { groundTruthText, parseGroundTruth, replaceGroundTruthLines } from './model';

export async function writeGroundTruthLines(api: StudioApi, datasetId: string, lines: readonly GroundTruth[], seen: ReadonlyMap<string, GroundTruth>): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const { text, hash } = await api.datasets.readVersioned(datasetId, GROUND_TRUTH_PATH);
    // First: a task with two lines, or its line in a merge conflict, is refused whatever the first line says.
    const written = replaceGroundTruthLines(text, lines);
    const now = parseGroundTruth(text);
    const moved = lines.filter((line) => groundTruthText(now.get(line.task_id) ?? null) !== groundTruthText(seen.get(line.task_id) ?? null)).map((line) => line.task_id);
    if (moved.length > 0) {
      throw new StudioError('conflict', `the ground truth of ${moved.join(', ')} was changed by someone else since you read it; review it and finalize again`);
    }
    try {
      await api.datasets.writeIfUnchanged(datasetId, GROUND_TRUTH_PATH, written, hash);
      return;
    } catch (error) {
      if (StudioError.from(error).code !== 'conflict') throw error;
    }
  }
  throw new StudioError('conflict', `${GROUND_TRUTH_PATH} keeps changing; try again`);
}
