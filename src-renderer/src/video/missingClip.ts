// A clip the <video> cannot load: video.js says the same of a file that is not there and of one
// it cannot play, so the host is asked which (an imported EgoBench release ships no clips).

export const NOT_THERE = "The file is not there: not in the dataset's videos/, nor in a video folder chosen for it (Clips, in the status bar).";

/** Whether the host answers "not found" for the clip (false when it cannot be asked). */
export function fileIsMissing(src: string): Promise<boolean> {
  return fetch(src, { method: 'HEAD' }).then(
    (response) => response.status === 404,
    () => false,
  );
}
