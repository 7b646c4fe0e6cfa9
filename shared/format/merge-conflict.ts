// Git's merge-conflict markers in a JSONL file (`<<<<<<< HEAD`, `=======`, `>>>>>>> origin/main`,
// and diff3's `||||||| base` before the `=======`): a merge that clashed leaves both sides' lines
// (and the base's) between them. The lines inside are read as any
// other line; the markers are said once per block, at its first line, not as JSON errors.

/** `begin` opens ours, `base` (diff3) the common ancestor's lines, `between` theirs; `end` closes the block. */
export type MergeMarker = 'begin' | 'base' | 'between' | 'end';

const MARKER = /^(<{7}|\|{7}|={7}|>{7})(?:[ \t]|\r?$)/;
const MARKERS: Record<string, MergeMarker> = { '<': 'begin', '|': 'base', '=': 'between', '>': 'end' };

/** Which marker a line is, or null when it is none. */
export function mergeMarkerOf(text: string): MergeMarker | null {
  const match = MARKER.exec(text);
  return match ? MARKERS[match[1][0]] : null;
}

/** What is said of a block, at its first line (`last` null: its end is not known or not there). */
export function mergeConflictMessage(first: number, last: number | null): string {
  const where = last === null ? `from line ${first}` : `lines ${first}-${last}`;
  return (
    `unresolved git merge conflict (${where}): the lines of both sides are read as any other line ` +
    "(of two lines of one task, the one the file's format says wins); keep the side wanted and delete the marker lines"
  );
}

/** A block's lines, numbered from 1: its `<<<<<<<` line to its `>>>>>>>` line (or the file's last line). */
export interface MergeConflictBlock {
  first: number;
  last: number;
}

/** The merge-conflict blocks of a file's lines, in order. */
export function mergeConflictBlocks(lines: readonly string[]): MergeConflictBlock[] {
  const blocks: MergeConflictBlock[] = [];
  let first = 0;
  lines.forEach((text, index) => {
    const marker = mergeMarkerOf(text);
    if (marker === 'begin') first = index + 1;
    else if (marker === 'end' && first > 0) {
      blocks.push({ first, last: index + 1 });
      first = 0;
    }
  });
  if (first > 0) blocks.push({ first, last: lines.length });
  return blocks;
}

/**
 * For a reader that meets a file's lines one by one: the problem said at a block's first line
 * (parseJsonlLine's, "from line N") learns its last line when the reader reaches it.
 */
export class MergeConflictRanges {
  private open: { problem: { message: string }; first: number } | null = null;

  /** After the line's problem, if any, was listed. */
  see(lineNumber: number, text: string, problem: { message: string } | undefined): void {
    const marker = mergeMarkerOf(text);
    if (marker === 'begin') this.open = problem ? { problem, first: lineNumber } : null;
    else if (marker === 'end' && this.open) {
      this.open.problem.message = mergeConflictMessage(this.open.first, lineNumber);
      this.open = null;
    }
  }
}
