// Reading trajectory files line by line for the studio, without scoring: one line for the
// replay of a listed row, and the ids whose dialogue contains a text (Replay's search).
import { realpath } from 'node:fs/promises';
import { StudioError } from '../../../shared/api/studio-error';
import { splitLines, unreadLineMessage } from '../../../shared/format/jsonl';
import { regularFileStream } from '../regular-file';
import { resolveExisting } from '../safe-path';
import { nodeDatasetSource } from './node-source';
import { datasetTrajectoryFiles } from './trajectory-files';

/** The lines of a regular file (a FIFO put in a file's place would hold a thread of the file pool for good). */
async function lines(absolute: string) {
  return splitLines(await regularFileStream(absolute, { encoding: 'utf8', highWaterMark: 1 << 20 }));
}

/** Line `lineNumber` (1-based) of a dataset's trajectory file; its byte-order mark dropped. */
export async function trajectoryLine(root: string, file: string, lineNumber: number): Promise<string> {
  const absolute = await resolveExisting(await realpath(root), file, 'file');
  for await (const line of await lines(absolute)) {
    if (line.lineNumber < lineNumber) continue;
    if (line.kind !== 'line') throw new StudioError('invalid-args', `${file}:${lineNumber} cannot be replayed: ${unreadLineMessage(line)}`);
    return line.text.replace(/^\uFEFF/, '');
  }
  throw new StudioError('not-found', `${file} has no line ${lineNumber}`);
}

/** A line of a trajectory file: the file as rows name it (dataset-relative), the line 1-based. */
export interface LineAt {
  file: string;
  line: number;
}

/**
 * The lines whose dialogue contains `query` (case-insensitive), in file order. Lines, not ids: a
 * line scoring left out (an id that repeats an earlier one) must not find the listed run of that
 * id, so the studio matches them to its rows by file and line. A line is parsed only when its raw
 * text may hold the words (mayHold), so most of the dataset is only scanned.
 */
export async function searchDialogue(root: string, query: string): Promise<LineAt[]> {
  const needle = query.trim().toLowerCase();
  const escaped = JSON.stringify(needle).slice(1, -1);
  const found: LineAt[] = [];
  const files = await datasetTrajectoryFiles(root, nodeDatasetSource(root));
  for (const file of files) {
    const fileLines = await lines(file.absolute).catch(() => null); // no longer a regular file: not searched
    if (!fileLines) continue;
    for await (const line of fileLines) {
      if (line.kind !== 'line' || (needle !== '' && !mayHold(line.text.toLowerCase(), needle, escaped))) continue;
      if (dialogueHolds(line.text.replace(/^\uFEFF/, ''), needle)) found.push({ file: file.display, line: line.lineNumber });
    }
  }
  return found;
}

/**
 * Whether a line's raw JSON text may hold the words in a string: as typed, as JSON escapes them (a
 * quote, a backslash, a tab), or anywhere when the line escapes characters that need no escape
 * (`\u00e8`, as Python's json.dumps writes every non-ASCII one; `\/`): only parsing tells then.
 */
function mayHold(lowerText: string, needle: string, escapedNeedle: string): boolean {
  return lowerText.includes(needle) || lowerText.includes(escapedNeedle) || lowerText.includes('\\u') || lowerText.includes('\\/');
}

function dialogueHolds(text: string, needle: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof value !== 'object' || value === null) return false;
  if (needle === '') return true;
  const { dialogue } = value as { dialogue?: unknown };
  const said = Array.isArray(dialogue) ? dialogue.map((m) => (typeof m?.content === 'string' ? m.content : '')).join('\n') : '';
  return said.toLowerCase().includes(needle);
}
