// The dataset's review files (reviews/<reviewer>.jsonl) as they are on the host now: Reports
// counts their overrides, and Replay takes those it does not hold yet (reviewsFromFiles.ts).
import { StudioError } from '../../../shared/api/studio-error';
import { isReviewFile, type ReviewFile } from '../../../shared/report/reviews';
import { studioApi } from './studio';

export async function readReviewFiles(datasetId: string): Promise<ReviewFile[]> {
  const studio = studioApi();
  let paths: string[];
  try {
    paths = (await studio.datasets.listFiles(datasetId, 'reviews')).map((f) => f.path).filter(isReviewFile);
  } catch (error) {
    if (StudioError.from(error).code === 'not-found') return [];
    throw error;
  }
  const read = await Promise.all(
    paths.map(async (path): Promise<ReviewFile | null> => {
      try {
        return { path, text: await studio.datasets.readText(datasetId, path) };
      } catch (error) {
        // Removed between the listing and the read (a teammate, a sync, a checkout): not a review any more.
        if (StudioError.from(error).code === 'not-found') return null;
        throw error;
      }
    }),
  );
  return read.filter((file) => file !== null);
}
