// Write-through: every saved edit goes from the outbox (IndexedDB) to annotations/<annotator>.jsonl
// on the host at once, appended as SPEC §5 lines with a conditional write (the hash of the file as
// this client last read it). The host refuses when the file moved: it is read again, and a task
// whose line someone else wrote since becomes a conflict for the user (nothing is overwritten
// silently). While the host cannot be reached the entries wait and the count shows; they drain
// in order when it is back. The dataset's file is the truth: lines written elsewhere are taken
// into rows that have no edits of their own (pull).
import { StudioError } from '../../../../shared/api/studio-error';
import { markNotUtf8Lines } from '../../../../shared/format/jsonl';
import type { Annotation } from '../../../../shared/format/types';
import { resolveFps } from '../../../../shared/frames/frames';
import { studioApi } from '../../api/studio';
import { annotationFilePath, changedSinceBase, contentKey, isAnnotationLine, latestByRevision, pickFor, planSend, type ConflictPicks, type SyncConflict } from '../../db/annotationFile';
import { getAnnotation, listAnnotations, queueAgain } from '../../db/annotationRepo';
import { annotatorsWithPending, countPending, keepMine, markSent, pendingEntries, replaceRowIfSeen, takeLinesIfUnchanged, tasksWithPending, type LineTake } from '../../db/outbox';
import type { AnnotationRecord } from '../../db/schema';
import { markedTasks, type MarkedTask } from '../../db/conflictMarks';
import { useAnnotateStore, type WriteThroughStatus } from './annotateStore';
import { onFilesChanged } from '../../state/datasetChanges';
import { fileAsRowsLastHadIt, vanishedAtOnce } from './vanishedAtOnce';


/** While offline (or after a failure) the outbox is tried again this often. */
const RETRY_MS = 1000;

/** The annotator's file as this client last read or wrote it. */
interface Known {
  hash: string | null;
  latest: Map<string, Annotation>;
  /**
   * A pull has taken this content's lines into the rows (our own appends since keep it so). A
   * drain that reads the file afresh, the signed-in annotator's or another's, has not: the next
   * pull must look at its lines even though the hash is the one last read.
   */
  pulled: boolean;
  /** Tasks in git's conflict blocks (conflictMarks.ts), asked about as conflicts until a line after the block wins. */
  marks: Map<string, MarkedTask>;
}
const known = new Map<string, Known>();

/**
 * Files that lost all or most of their tasks at once (vanishedAtOnce.ts), keyOf(dataset,
 * annotator): `from` is the file as last read before, which a file that comes back is compared
 * with; `tasks` those it lost. Nothing of the annotator's is written while one is held.
 */
const heldFiles = new Map<string, { from: Known; tasks: string[]; gone: boolean }>();
const keyOf = (datasetId: string, annotator: string) => `${datasetId}\u0000${annotator}`;

function setStatus(patch: Partial<WriteThroughStatus>): void {
  useAnnotateStore.getState().writeThroughChanged(patch);
}

async function readKnown(datasetId: string, annotator: string): Promise<Known> {
  const { text, hash, notUtf8Lines } = await studioApi().datasets.readVersioned(datasetId, annotationFilePath(annotator)); // a restarted host's 'not-open' is answered by the API (http-studio-api.ts)
  // A line that is not UTF-8 is no annotation (Export and Import name it), not one with U+FFFD in it.
  const lines = markNotUtf8Lines(text ?? '', notUtf8Lines);
  const entry = { hash, latest: latestByRevision(lines), pulled: false, marks: markedTasks(lines) };
  known.set(keyOf(datasetId, annotator), entry);
  return entry;
}

const fpsOf = (taskId: string) => resolveFps(useAnnotateStore.getState().dataset?.tasks.get(taskId)?.fps);

/** After rows changed under the workspace: statuses again, and the open task when it has no unsaved edit. */
async function refreshView(tasks: Iterable<string>): Promise<void> {
  const store = useAnnotateStore.getState();
  await store.refreshStatuses();
  const { taskId, datasetId, annotator } = useAnnotateStore.getState();
  if (!taskId || !datasetId || !annotator || !new Set(tasks).has(taskId)) return;
  const row = await getAnnotation({ dataset: datasetId, task: taskId, annotator });
  // The row shown is replaced in place (the clip stays where it is), never over an unsaved edit.
  if (row) useAnnotateStore.getState().showStoredRow(row);
}

/** Across tabs of this browser one drain at a time per annotator (they share the outbox). */
function withTabLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? (locks.request(name, work) as Promise<T>) : work();
}

/** Work on the annotator's outbox: after this tab's earlier work (serial), and alone among the tabs (withTabLock). */
function withOutbox<T>(datasetId: string, annotator: string, work: () => Promise<T>): Promise<T> {
  return serial(() => withTabLock(`egobench-outbox:${keyOf(datasetId, annotator)}`, work));
}

/** Whether the store still shows this annotator of this dataset. */
function signedIn(datasetId: string, annotator: string): boolean {
  const shown = useAnnotateStore.getState();
  return shown.datasetId === datasetId && shown.annotator === annotator;
}

/**
 * Sends the annotator's waiting entries. `shown`: the annotator is the one signed in, whose state
 * the bar shows and who is asked about conflicts; another's conflict waits for them to sign in.
 */
async function drainOnce(datasetId: string, annotator: string, shown = true): Promise<{ conflicts: number }> {
  // Shown while they are still signed in: after a switch, their conflicts are not the next one's to resolve.
  const showing = () => shown && signedIn(datasetId, annotator);
  const hold = heldFiles.get(keyOf(datasetId, annotator));
  if (hold) {
    // Written now, a file that is gone (another branch checked out) would be a new untracked one.
    if (showing()) setStatus({ state: 'held', unsent: await countPending(datasetId, annotator), conflicts: [], message: null, held: { tasks: hold.tasks, gone: hold.gone } });
    return { conflicts: 0 };
  }
  const path = annotationFilePath(annotator);
  let conflicts: SyncConflict[] = [];
  const touched = new Set<string>();
  for (let attempt = 0; attempt < 5; attempt++) {
    const entries = await pendingEntries(datasetId, annotator);
    if (entries.length === 0) break;
    if (showing()) setStatus({ state: 'sending', unsent: entries.length });
    const cached = known.get(keyOf(datasetId, annotator));
    const file = cached ?? (await readKnown(datasetId, annotator));
    const rows = new Map<string, AnnotationRecord>();
    for (const task of new Set(entries.map((entry) => entry.task))) {
      const row = await getAnnotation({ dataset: datasetId, task, annotator });
      if (row) rows.set(task, row);
    }
    // A task in a conflict block waits for the user's choice, its edits with it (they were made on one side).
    const marks = undecidedMarks(datasetId, annotator, file);
    const plan = planSend(entries.filter((entry) => !marks.has(entry.task)), rows, file.latest);
    // A conflict, an adopted line or a line taken as ours is only ever decided on what the file
    // holds now, never on a remembered read (the file may have been reverted since).
    if (cached && (plan.conflicts.length > 0 || plan.adopt.length > 0 || plan.sent.length > 0 || entries.some((entry) => marks.has(entry.task)))) {
      known.delete(keyOf(datasetId, annotator));
      continue;
    }
    if (plan.sent.length > 0) await markSent(plan.sent);
    for (const line of plan.adopt) {
      const key = { dataset: datasetId, task: line.task_id, annotator };
      if (await replaceRowIfSeen(key, rows.get(line.task_id), line, fpsOf(line.task_id), true)) touched.add(line.task_id);
    }
    conflicts = plan.conflicts;
    if (plan.send.length === 0) break;
    try {
      const lines = plan.send.map((entry) => `${entry.line}\n`).join('');
      const written = await studioApi().datasets.appendIfUnchanged(datasetId, path, lines, file.hash);
      for (const entry of plan.send) {
        const line = JSON.parse(entry.line) as Annotation;
        const previous = file.latest.get(entry.task);
        if (!previous || line.revision >= previous.revision) {
          file.latest.set(entry.task, line);
          file.marks.delete(entry.task); // the choice, written after the block, wins
        }
      }
      file.hash = written.hash;
      await markSent(plan.send);
      if (conflicts.length === 0 && (await countPending(datasetId, annotator)) === 0) break;
      if (conflicts.length > 0) break;
    } catch (error) {
      // Someone else wrote the file since we read it: read it again and plan again.
      if (StudioError.from(error).code !== 'conflict') throw error;
      known.delete(keyOf(datasetId, annotator));
    }
  }
  conflicts = [...conflicts, ...(await markConflicts(datasetId, annotator, conflicts))];
  if (showing()) {
    const unsent = await countPending(datasetId, annotator);
    setStatus({ state: conflicts.length > 0 ? 'conflict' : unsent > 0 ? 'sending' : 'saved', unsent, conflicts, message: null, held: null });
    if (touched.size > 0) await refreshView(touched);
  }
  return { conflicts: conflicts.length };
}

/** Conflict blocks the user chose a version for (markKey): their choice is on its way to the file. */
const decidedMarks = new Set<string>();
const markKey = (datasetId: string, annotator: string, task: string, mark: MarkedTask) => JSON.stringify([datasetId, annotator, task, mark.ours, mark.theirs]);

/** The file's conflict blocks, as last read, still to be asked about. */
function undecidedMarks(datasetId: string, annotator: string, file: Known | undefined): Map<string, MarkedTask> {
  return new Map([...(file?.marks ?? [])].filter(([task, mark]) => !decidedMarks.has(markKey(datasetId, annotator, task, mark))));
}

/**
 * A task of a conflict block is a conflict whether or not an edit waits: the row (the version this
 * browser has, mostly its own side) against the block's other version. A task without a row is
 * asked once the pull has taken the file's winning line into one.
 */
async function markConflicts(datasetId: string, annotator: string, asked: readonly SyncConflict[]): Promise<SyncConflict[]> {
  const found: SyncConflict[] = [];
  for (const [task, mark] of undecidedMarks(datasetId, annotator, known.get(keyOf(datasetId, annotator)))) {
    const row = asked.some((conflict) => conflict.task === task) ? undefined : await getAnnotation({ dataset: datasetId, task, annotator });
    if (row) found.push({ task, mine: row, theirs: contentKey(row) === contentKey(mark.theirs) ? mark.ours : mark.theirs });
  }
  return found;
}

/**
 * The user chose for a task of a conflict block: it is not asked again while that choice goes to
 * the file. Returns the task's winning line, for the choice to go out above (none: not a block's).
 */
function decideMark(datasetId: string, annotator: string, task: string): Annotation | undefined {
  const file = known.get(keyOf(datasetId, annotator));
  const mark = file?.marks.get(task);
  if (!mark) return undefined;
  decidedMarks.add(markKey(datasetId, annotator, task, mark));
  return file?.latest.get(task);
}

/**
 * Files of others whose entries wait for them to sign in here (keyOf(dataset, file)): their last
 * drain met a conflict (theirs to decide) or a refusal (a team host writes only the signed-in
 * person's file). Not tried again on every drain, which would read the file at each save; a
 * change of the file lifts the hold.
 */
const othersOnHold = new Set<string>();
const holdOf = (datasetId: string, annotator: string) => keyOf(datasetId, annotationFilePath(annotator));

/**
 * Edits of others who annotated this dataset in this browser (saved as the annotator switched)
 * go to their files now, not only when they sign in here again, which they may never do.
 */
async function drainOthers(datasetId: string, signedIn: string): Promise<void> {
  othersOnHold.delete(holdOf(datasetId, signedIn));
  for (const other of await annotatorsWithPending(datasetId)) {
    const hold = holdOf(datasetId, other);
    if (other === signedIn || othersOnHold.has(hold)) continue;
    try {
      const { conflicts } = await withOutbox(datasetId, other, () => drainOnce(datasetId, other, false));
      if (conflicts > 0) othersOnHold.add(hold);
    } catch (error) {
      // Not the signed-in annotator's state to show. An unreachable host is tried again shortly.
      if (StudioError.from(error).code !== 'unreachable') othersOnHold.add(hold);
      else {
        window.clearTimeout(retryTimer);
        retryTimer = window.setTimeout(() => void requestDrain(), RETRY_MS);
        return;
      }
    }
  }
}

// Drains, pulls and resolutions run one after the other: a pull reading the file while an append
// is on its way would otherwise leave an older read as "the file as last read".
let chain: Promise<unknown> = Promise.resolve();
function serial<T>(work: () => Promise<T>): Promise<T> {
  const run = chain.then(work, work);
  chain = run.catch(() => undefined);
  return run;
}

let running: Promise<void> | null = null;
let again = false;
let retryTimer: number | undefined;

/** Sends what waits in the outbox (now, or after the drain that is running). */
export function requestDrain(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  window.clearTimeout(retryTimer);
  running = (async () => {
    do {
      again = false;
      const { datasetId, annotator } = useAnnotateStore.getState();
      if (!datasetId || !annotator) return;
      try {
        await withOutbox(datasetId, annotator, () => drainOnce(datasetId, annotator));
        await drainOthers(datasetId, annotator);
      } catch (error) {
        const studioError = StudioError.from(error);
        const unsent = await countPending(datasetId, annotator);
        if (signedIn(datasetId, annotator)) setStatus({ state: studioError.code === 'unreachable' ? 'offline' : 'error', unsent, message: studioError.message });
        retryTimer = window.setTimeout(() => void requestDrain(), RETRY_MS);
        return;
      }
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}

/**
 * Reads the annotator's file and takes its lines into rows without edits of their own (another
 * machine, a git pull, a cleared browser): the dataset is the truth. Tasks with waiting edits, or
 * an edit on screen not stored yet, are left to the next drain, which asks the user when both
 * sides changed; text being typed in the editor is never replaced (see below).
 */
export async function pull(): Promise<void> {
  await serial(pullOnce);
  void requestDrain();
}

async function pullOnce(): Promise<void> {
  const { datasetId, annotator } = useAnnotateStore.getState();
  if (!datasetId || !annotator) return;
  const key = keyOf(datasetId, annotator);
  // While a loss is held, the file is compared with what it held before (it may come back).
  const hold = heldFiles.get(key);
  const before = hold?.from ?? known.get(key);
  let file: Known;
  try {
    file = await readKnown(datasetId, annotator);
  } catch {
    return; // offline: the outbox keeps working; the next pull catches up
  }
  if (!hold && before?.pulled === true && before.hash === file.hash) {
    file.pulled = true;
    return;
  }
  // Lines this client saw are gone: the file may be half-way through someone else's write.
  if (before && lostLines(before, file)) {
    try {
      file = await settled(datasetId, annotator, file);
    } catch {
      return; // offline: as above
    }
  }
  // The whole file, or most of it, is gone (a branch switch): held until the annotator says, or it comes back.
  // A page's first read is compared with the file as the rows last had it (gone before a reload).
  const firstRows = before ? null : await listAnnotations(datasetId, annotator);
  const seen = before ?? { hash: null, latest: fileAsRowsLastHadIt(firstRows!), pulled: false, marks: new Map() };
  const vanished = vanishedAtOnce(seen.latest, file.latest, file.hash !== null);
  if (vanished) {
    heldFiles.set(key, { from: seen, tasks: vanished, gone: file.hash === null });
    return;
  }
  heldFiles.delete(key);
  const waiting = await tasksWithPending(datasetId, annotator);
  // The rows as they are now, read at once (a read per line took seconds on thousands of lines);
  // every change below checks again, in its transaction, that its row is still as read here. On a
  // page's first pull they were read for `seen` above: not read again.
  const rows = new Map((firstRows ?? (await listAnnotations(datasetId, annotator))).map((row) => [row.task, row]));
  const taken: string[] = [];
  const takes: LineTake[] = [];
  const marks = undecidedMarks(datasetId, annotator, file);
  for (const [task, line] of file.latest) {
    if (waiting.has(task) || !isAnnotationLine(line)) continue;
    const row = rows.get(task);
    // In a conflict block: the row stays as it is while the drain asks which version to keep.
    if (row && marks.has(task)) continue;
    // Already taken (by another tab of this browser, which shares the rows): this tab shows it too.
    // Unless the line was changed in place, its revision kept (an editor fixing a typo, a union
    // merge's other line of that revision): the row, as its base was, says otherwise; it is taken.
    const changedInPlace = row !== undefined && !changedSinceBase(row) && contentKey(line) !== contentKey(row);
    if (row && row.base?.revision === line.revision && !changedInPlace) {
      if (olderOnScreen(row)) taken.push(task);
      continue;
    }
    if (row && changedSinceBase(row)) continue;
    // The open task's edit not stored yet (the save delay): its save goes out based on the row
    // as it is, and the drain asks the user if the edit differs from this line (asked again right
    // before the line is taken).
    if (unsavedEditOf(task)) continue;
    // Text being typed is never replaced silently: a line with other calls -> the row's line goes
    // out again so the drain asks the user now; with the same calls the line is taken, text kept.
    const typing = row !== undefined && row.editor_text !== null;
    // The file went back past the line this row was based on (a git checkout, reset or stash took
    // our line away): the row is not replaced by the older line without a word, it goes out again
    // and the drain asks which to keep. It was replaced, and the work on screen was gone.
    const wentBack = row !== undefined && row.base !== null && line.revision < row.base.revision;
    // Queued again under a new revision: the screen shows that revision (it kept the old one, and
    // the next edit, based on it, was a conflict with the line this browser had just written).
    if ((typing || wentBack) && contentKey(line) !== contentKey(row)) {
      if (await queueAgain(row)) taken.push(task);
    }
    else takes.push({ seen: row, line, fps: fpsOf(task), keepText: typing });
  }
  taken.push(...(await takeLinesIfUnchanged(datasetId, annotator, takes, unsavedEditOf)));
  // A task whose line the file held as last read and holds no more (git checkout, reset or stash
  // took the only one away): the row, which is that line, goes out again rather than stay in this
  // browser alone while the header says it is saved. Only what this client saw in the file.
  // Read afresh: the takes above may have run for seconds, and a row changed since (text typed,
  // another tab's save) would make queueAgain refuse a row read before them, leaving it out for good.
  for (const task of before?.latest.keys() ?? []) {
    if (file.latest.has(task) || waiting.has(task)) continue;
    const row = await getAnnotation({ dataset: datasetId, task, annotator });
    if (row && row.base !== null && !changedSinceBase(row) && (await queueAgain(row))) taken.push(task);
  }
  file.pulled = true;
  if (taken.length > 0) await refreshView(taken);
}

/**
 * The annotator chose to write back the tasks of a file held as gone (writeThrough's heldFiles):
 * their rows go out again, as a task or two lost are at once, and the file is written from them.
 */
export async function writeBackHeld(): Promise<void> {
  const { datasetId, annotator } = useAnnotateStore.getState();
  if (!datasetId || !annotator) return;
  await withOutbox(datasetId, annotator, async () => {
    const hold = heldFiles.get(keyOf(datasetId, annotator));
    heldFiles.delete(keyOf(datasetId, annotator));
    const queued: string[] = [];
    for (const task of hold?.tasks ?? []) {
      const row = await getAnnotation({ dataset: datasetId, task, annotator });
      if (row && row.base !== null && !changedSinceBase(row) && (await queueAgain(row))) queued.push(task);
    }
    if (queued.length > 0) await refreshView(queued);
  });
  await requestDrain();
}

/**
 * How long a file that lost lines this client saw must stay as it is before they count as gone.
 * A program that truncates the file, then writes it (an editor, a script, `git checkout` creating
 * it empty first) shows an empty or shorter file in between, for longer than the watcher's quiet
 * time on a busy machine; a line written again into that gap (an atomic replace) would leave the
 * other program's content in a file nobody can see any more.
 */
const SETTLE_MS = 1000;
/** Reads of a file that keeps changing before its lines are taken as they stand. */
const SETTLE_READS = 5;

/**
 * Some task whose line the file held as last read has none now, or only an older one: a file
 * being written anew holds its first lines only for a while, and those are older lines of the
 * same tasks in an append log.
 */
function lostLines(before: Known, now: Known): boolean {
  for (const [task, line] of before.latest) {
    const kept = now.latest.get(task);
    if (!kept || kept.revision < line.revision) return true;
  }
  return false;
}

/** The file once it has stayed the same for SETTLE_MS (or after SETTLE_READS reads). */
async function settled(datasetId: string, annotator: string, file: Known): Promise<Known> {
  for (let read = 0; read < SETTLE_READS; read++) {
    await new Promise((resolve) => window.setTimeout(resolve, SETTLE_MS));
    const again = await readKnown(datasetId, annotator);
    if (again.hash === file.hash) return again;
    file = again;
  }
  return file;
}

/** The open task's row on screen is an older revision than the stored one. */
function olderOnScreen(row: AnnotationRecord): boolean {
  const { taskId, record } = useAnnotateStore.getState();
  return taskId === row.task && record !== null && record.revision < row.revision;
}

function unsavedEditOf(task: string): boolean {
  const { taskId, saveState } = useAnnotateStore.getState();
  return taskId === task && saveState !== 'saved';
}

/**
 * The user's picks: 'mine' is queued above their line, 'theirs' replaces ours. `conflicts`:
 * write-through's own (its dialog), or those Export or Import found for `where`'s annotator. A
 * conflict whose pick was made on other versions, or whose row changed since (another tab saved),
 * is left alone: the next drain asks anew. Write-through no longer asks about the tasks resolved.
 * Under the drain's locks, so no drain of this or another tab sends entries as they are renumbered.
 * Returns how many tasks kept mine with its line on its way to the file, and how many took theirs.
 */
export async function resolveConflicts(
  picks: ConflictPicks,
  conflicts = useAnnotateStore.getState().writeThrough.conflicts,
  where: { datasetId: string | null; annotator: string | null } = useAnnotateStore.getState(),
): Promise<{ kept: number; taken: number }> {
  const { datasetId, annotator } = where;
  const done = { kept: 0, taken: 0 };
  if (!datasetId || !annotator) return done;
  const resolved: string[] = [];
  await withOutbox(datasetId, annotator, async () => {
    for (const conflict of conflicts) {
      const side = pickFor(picks, conflict);
      const key = { dataset: datasetId, task: conflict.task, annotator };
      const row = await getAnnotation(key);
      if (!side || (row && row.revision !== conflict.mine.revision)) continue;
      if (side === 'theirs') {
        // Taken only over the row as read: an edit saved since is the user's newer word, and the next drain asks again.
        if (!(await replaceRowIfSeen(key, row, conflict.theirs, fpsOf(conflict.task), false))) continue;
        // A conflict block's version is written after the block, above its winning line, where it wins for every reader.
        const winner = decideMark(datasetId, annotator, conflict.task);
        const taken = winner && (await getAnnotation(key));
        if (winner && taken) await keepMine(taken, winner);
        done.taken += 1;
      } else {
        const winner = decideMark(datasetId, annotator, conflict.task);
        if (await keepMine(row ?? conflict.mine, winner ?? conflict.theirs)) done.kept += 1;
      }
      resolved.push(conflict.task);
    }
    if (signedIn(datasetId, annotator)) {
      const left = useAnnotateStore.getState().writeThrough.conflicts.filter((conflict) => !resolved.includes(conflict.task));
      setStatus({ conflicts: left, state: left.length > 0 ? 'conflict' : 'sending' });
      await refreshView(resolved);
    }
  });
  await requestDrain();
  return done;
}

/** Follows changes of the annotator's own file (another window or machine, an editor): pull. Returns the removal. */
export function followOwnFile(): () => void {
  const stopChanges = onFilesChanged(({ datasetId, paths, via }) => {
    // Another's file changed (resolved elsewhere, written by them): their waiting edits are tried again.
    for (const path of paths) othersOnHold.delete(keyOf(datasetId, path));
    const { datasetId: current, annotator } = useAnnotateStore.getState();
    if (via === 'watched' && datasetId === current && annotator && paths.includes(annotationFilePath(annotator))) void pull();
  });
  const online = () => void requestDrain();
  window.addEventListener('online', online);
  void pull(); // back in Annotate: take what changed while nobody listened (nothing before a dataset is open)
  return () => {
    stopChanges();
    window.removeEventListener('online', online);
  };
}
