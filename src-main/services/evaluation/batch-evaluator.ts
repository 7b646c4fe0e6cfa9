// Scores trajectory lines against one dataset: whole byte ranges of files (worker threads read
// their own share) or lines already in memory. Used in-process for small inputs too.
import { isUtf8 } from 'node:buffer';
import { openRegularFile, regularFileStream } from '../regular-file';
import type { SqlJsStatic } from 'sql.js';
import type { EngineOptions } from '../../../shared/engine/engine';
import { engineProvider } from '../../../shared/eval/engine-provider';
import { evaluateLine, profileOf, type EngineProvider, type LineRecord } from '../../../shared/eval/evaluate';
import { memoStats, memoStatsSince, type MemoStats } from '../../../shared/eval/memo-stats';
import { ChunkProblemCap } from '../../../shared/format/problem-cap';
import { MAX_LINE_LENGTH, splitByteLines, splitLines, unreadLineMessage, type JsonlLine, type PassedLine, type Utf8Decode } from '../../../shared/format/jsonl';
import type { LoadedDataset } from '../../../shared/format/loader';
import type { Problem } from '../../../shared/format/types';
import type { FileChunk } from './file-chunks';
import { reading, readingLines, UnreadableFile } from './file-failures';
import { LaneReader, type LaneJob } from './lanes';
import type { LineWatch } from './watchdog';

export interface ChunkResult {
  records: LineRecord[];
  /** Lines in the chunk, so the caller can number the next chunk's lines. */
  lineCount: number;
  /** The memos' answers while scoring this chunk. */
  memo: MemoStats;
  /** Bytes of the chunk read at once (null: streamed, or left to lane 0): a chunk's lanes must have read the same. */
  read: number | null;
  /**
   * Set when the chunk could not be scored whole from what the file holds (it could not be opened
   * or read, file-failures.ts; or its lanes read different bytes, lanes.ts): the file's one
   * problem, in place of its rows. No records then.
   */
  fileProblem?: string;
}

export interface BatchEvaluator {
  dataset: LoadedDataset;
  /** Problems found while building scenario engines. */
  engineProblems: Problem[];
  engines: EngineProvider;
  /**
   * Line numbers in the records count from the chunk's start (1 = its first line). With a lane,
   * only that lane's lines are scored (lanes.ts); lineCount still counts them all.
   */
  evaluateChunk(chunk: FileChunk, lane?: LaneJob): Promise<ChunkResult>;
  close(): void;
}

/** Wraps the scenario engines (a worker's time limits, watchdog.ts); none: as built. */
type EngineWrapper = (engines: EngineProvider & { closeAll(): void }) => EngineProvider & { closeAll(): void };

/** `lineClock`: a time limit's clock per trajectory line, and the lines given up on (watchdog.ts). */
export function batchEvaluator(dataset: LoadedDataset, SQL: SqlJsStatic, wrap: EngineWrapper = (e) => e, engineOptions?: EngineOptions, lineClock?: LineWatch): BatchEvaluator {
  const engineProblems: Problem[] = [];
  const engines = wrap(engineProvider(SQL, dataset, engineProblems, engineOptions));
  const { profile } = profileOf(dataset);
  return {
    dataset,
    engineProblems,
    engines,
    async evaluateChunk(chunk, lane) {
      const before = { ...memoStats };
      const records: LineRecord[] = [];
      // Lines that give a problem and no id (an id must reach the report, which finds repeats by it).
      const problemLines = new ChunkProblemCap(records);
      let lineCount = 0;
      let yielded = performance.now();
      let read: number | null = 0;
      if (chunk.end > chunk.start) {
        try {
          const lines = await chunkLines(chunk, dataset, lane);
          read = lines.read;
          await scoreLines(lines.lines);
        } catch (error) {
          // The file's open or read failed (gone, unreadable): one problem of the file, the rest scored.
          if (!(error instanceof UnreadableFile)) throw error;
          return { records: [], lineCount: 0, memo: memoStatsSince(before), read: null, fileProblem: error.message };
        }
      }
      return { records, lineCount, memo: memoStatsSince(before), read };

      async function scoreLines(lines: Iterable<JsonlLine | PassedLine> | AsyncIterable<JsonlLine>) {
        for await (const line of lines) {
          // Lines follow one another as microtasks, which hold off the thread's messages: now and
          // then let them in, so the CLI's thread hands workers their next chunk while it scores one.
          if (performance.now() - yielded > YIELD_EVERY_MS) {
            await new Promise((resolve) => setImmediate(resolve));
            yielded = performance.now();
          }
          lineCount = line.lineNumber;
          if (line.kind === 'passed') continue;
          if (line.kind !== 'line') {
            problemLines.push({ line: line.lineNumber, problem: unreadLineMessage(line) });
            continue;
          }
          const givenUp = lineClock?.begin(chunk, line.lineNumber);
          if (givenUp !== undefined) {
            problemLines.push({ line: line.lineNumber, problem: givenUp });
            continue;
          }
          let record: LineRecord | null;
          try {
            // Only the file's first line may carry a byte-order mark.
            record = evaluateLine(dataset, engines, profile, chunk.display, chunk.start === 0 ? line.lineNumber : line.lineNumber + 1, line.text);
          } finally {
            lineClock?.end();
          }
          if (record) {
            record.line = line.lineNumber; // the record is fresh: numbered from the chunk's start in place
            if (record.id === undefined && record.problem !== undefined) problemLines.push(record as LineRecord & { problem: string });
            else records.push(record);
          }
        }
      }
    },
    close: () => engines.closeAll(),
  };
}

const YIELD_EVERY_MS = 20;

/** Node's UTF-8 decoder for splitByteLines (a byte-order mark kept, as in a whole-text decode). */
export const bufferUtf8: Utf8Decode<Buffer> = (bytes, start, end) => bytes.toString('utf8', start, end);

/** bufferUtf8 for bytes that are not all UTF-8: each line is checked (null: not UTF-8). */
const checkedUtf8: Utf8Decode<Buffer> = (bytes, start, end) => (isUtf8(bytes.subarray(start, end)) ? bytes.toString('utf8', start, end) : null);

/** Chunks are cut to a few MiB: read in one go and split into lines there. A bigger one (a huge line) streams. */
const WHOLE_READ_LIMIT = 64 * 1024 * 1024;

async function chunkLines(
  chunk: FileChunk,
  dataset: LoadedDataset,
  lane: LaneJob | undefined,
): Promise<{ lines: Iterable<JsonlLine | PassedLine> | AsyncIterable<JsonlLine>; read: number | null }> {
  const length = chunk.end - chunk.start;
  if (length > WHOLE_READ_LIMIT) {
    // One huge line or few: lane 0 takes the chunk whole, the others pass.
    if (lane && lane.index !== 0) return { lines: [], read: null };
    const stream = await reading(() => regularFileStream(chunk.absolute, { encoding: 'utf8', start: chunk.start, end: chunk.end - 1, highWaterMark: 1 << 20 }));
    return { lines: readingLines(splitLines(stream)), read: null };
  }
  // Checked again on the handle: the file listed may have been swapped for a FIFO since, whose
  // open would wait for a writer for ever.
  const handle = await reading(() => openRegularFile(chunk.absolute));
  try {
    const buffer = Buffer.allocUnsafe(length);
    const read = await reading(async () => {
      let done = 0;
      while (done < length) {
        const { bytesRead } = await handle.read(buffer, done, length - done, chunk.start + done);
        if (bytesRead === 0) break;
        done += bytesRead;
      }
      return done;
    });
    const bytes = buffer.subarray(0, read);
    // One check of the whole chunk; its lines one by one only when it fails. A chunk ends at a line
    // break, so no character is cut in two.
    const decode = isUtf8(bytes) ? bufferUtf8 : checkedUtf8;
    if (!lane) return { lines: splitByteLines(bytes, decode), read };
    const reader = new LaneReader(bytes, lane.lanes, dataset.tasks);
    return { lines: splitByteLines(bytes, decode, MAX_LINE_LENGTH, (start, end) => reader.laneOf(start, end) === lane.index), read };
  } finally {
    await handle.close();
  }
}
