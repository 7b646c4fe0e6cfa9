// What is said of a trajectory file that could not be scored whole once it was listed: it changed
// while it was read (its scores would come from torn reads), or it could not be opened or read
// (gone, permission denied, swapped for a folder or a FIFO). Either is one problem of the file at
// line 0, in place of its rows; the other files are scored (SPEC §12), and nothing of it is cached.
import { StudioError } from '../../../shared/api/studio-error';
import { fileSystemFailure } from '../file-system-failures';

export const CHANGED_WHILE_SCORED = 'changed while it was being scored; score it again';

/**
 * Thrown for a trajectory file's open or read, so that it is told apart from a failure of the
 * scoring itself (which still fails the evaluation): `message` is the file's problem.
 */
export class UnreadableFile extends Error {
  constructor(cause: unknown) {
    super(unreadableFileMessage(cause));
    this.name = 'UnreadableFile';
  }
}

/** The problem of a trajectory file whose open or read failed, in words (never the host path Node's message names). */
export function unreadableFileMessage(error: unknown): string {
  if (error instanceof UnreadableFile) return error.message;
  if (error instanceof StudioError && error.code === 'forbidden')
    return / is a folder, not a file$/.test(error.message) ? 'a folder now, not a file; left out' : 'not a regular file (a FIFO, socket or device is never read); left out';
  const failure = fileSystemFailure(error, { ENOENT: 'gone since it was listed (deleted or moved)', ENOTDIR: 'gone since it was listed (a folder on its path is a file now)' });
  if (failure?.code === 'ENOENT' || failure?.code === 'ENOTDIR') return `${failure.words}; left out`;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const words = failure?.words ?? (typeof code === 'string' ? code : 'an unknown error');
  return `cannot be read (${words}); left out`;
}

/** Runs a read of a trajectory file: any failure becomes UnreadableFile. */
export async function reading<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new UnreadableFile(error);
  }
}

/** Lines read from a stream: a failure of the stream becomes UnreadableFile (a failure of the consumer never reaches here). */
export async function* readingLines<T>(lines: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    yield* lines;
  } catch (error) {
    throw new UnreadableFile(error);
  }
}
