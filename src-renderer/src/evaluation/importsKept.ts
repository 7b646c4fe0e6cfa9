// Trajectory files imported into the evaluation worker (evaluationService.ts) live only there. So
// that their rows, still listed in Replay, stay replayable and searchable after the watchdog
// stopped that worker, the client keeps what it sent and sends it again to the fresh worker
// before any other request: each import's files (up to the last one the worker had scored) with
// the ids known when it was made, so the worker scores them again to the same rows, which are
// listed already and so not passed on. One per session: a new session's imports start afresh.
import { compareCodePoints } from '../../../shared/format/codepoint';
import type { Problem } from '../../../shared/format/types';
import type { WithoutId } from '../workers/watchedWorker';
import type { FromWorker, ImportedFile, ToWorker } from './protocol';

interface Import {
  /** In the order the worker scores them (by name), one 'rows' notice each. */
  files: ImportedFile[];
  knownIds: string[];
  /** Files the worker has scored (their rows listed). */
  scored: number;
}

type Send = (message: WithoutId<Extract<ToWorker, { type: 'import' }>>) => Promise<FromWorker>;

export class ImportsKept {
  /** What the worker scored, in order: sent again to a fresh worker. */
  private readonly kept: Import[] = [];
  /** Sent to the current worker and not answered, oldest first (the worker scores them in turn). */
  private readonly sent: Import[] = [];
  /** Sending the kept ones again: their notices are the listed rows again. */
  private restoring = false;
  /** Files whose rows could not be given back to a fresh worker (scoring them again failed). */
  private readonly lost = new Set<string>();

  /** An import about to be sent to the worker. */
  sending(files: ImportedFile[], knownIds: string[]): Import {
    const entry = { files: [...files].sort((a, b) => compareCodePoints(a.name, b.name)), knownIds, scored: 0 };
    this.sent.push(entry);
    return entry;
  }

  /** Answered, or failed (its worker stopped midway too): the files it scored are kept. */
  settled(entry: Import): void {
    this.sent.splice(this.sent.indexOf(entry), 1);
    if (entry.scored > 0) this.kept.push({ ...entry, files: entry.files.slice(0, entry.scored) });
  }

  /** Whether a notice goes on to the list: not while the kept imports are sent again. */
  notice(message: FromWorker): boolean {
    if (this.restoring) return false;
    if (message.type === 'rows' && this.sent.length > 0) this.sent[0].scored++;
    return true;
  }

  /**
   * The kept imports to a fresh worker, in order, each once the one before is in. Scored within
   * the limit before, they should be again; if not, the worker is not made to try with every
   * new start: the files are dropped, and problems (returned) say to import them again.
   */
  async restore(send: Send): Promise<Problem[]> {
    if (this.kept.length === 0) return [];
    this.restoring = true;
    try {
      for (const { files, knownIds } of this.kept) await send({ type: 'import', files, knownIds });
      return [];
    } catch (error) {
      const names = [...new Set(this.kept.flatMap((entry) => entry.files.map((file) => file.name)))];
      this.kept.length = 0;
      for (const name of names) this.lost.add(name);
      const why = error instanceof Error ? error.message : String(error);
      return names.map((file) => ({ file, line: 0, message: lostMessage(why) }));
    } finally {
      this.restoring = false;
    }
  }

  /** Why an imported row of `file` cannot be replayed, or null. */
  lostFile(file: string): string | null {
    return this.lost.has(file) ? lostMessage('scoring it again failed') : null;
  }
}

const lostMessage = (why: string) =>
  `imported before the evaluation worker was stopped, and could not be loaded into the new one (${why}): reopen the dataset and import the file again to replay its trajectories`;
