// A clip the <video> cannot load: video.js says the same of a file that is not there and of one
// it cannot play, so the host is asked which (an imported EgoBench release ships no clips). A
// path that leads out of the dataset is never served, whatever is there: said as such.

export const OUTSIDE_DATASET =
  'The path is not a plain path inside the dataset (it is absolute, leads out with "..", or has "." or empty parts): clips are served from the dataset\'s own folders only. Correct the task\'s "video" in tasks.jsonl.';

export const NOT_THERE = "The file is not there: not in the dataset's videos/, nor in a video folder chosen for it (Clips, in the status bar).";

/** Whether the host answers "not found" for the clip (false when it cannot be asked). */
export function fileIsMissing(src: string): Promise<boolean> {
  return fetch(src, { method: 'HEAD' }).then(
    (response) => response.status === 404,
    () => false,
  );
}
