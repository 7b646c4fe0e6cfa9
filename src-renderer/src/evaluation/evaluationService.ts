// The client of the renderer's evaluation Web Worker (evaluation.worker.ts): replays one
// trajectory call by call, scores files the user imported, searches dialogues. The dataset's own
// rows come from the host (state/evaluationSlice.ts); this holds no state of its own beyond the
// worker and the files it loads (sent again to a fresh worker after its watchdog stopped one).
import type { Problem } from '../../../shared/format/types';
import { studioApi } from '../api/studio';
import { textParts, withoutTexts, type DatasetFiles } from './datasetFiles';
import { Slices } from '../api/next-task';
import { WatchedWorker, type WithoutId, type WorkerPort } from '../workers/watchedWorker';
import type { FromWorker, ImportedFile, ReplayDetail, ToWorker, TrajectoryRow } from './protocol';

/** The session's dataset: its files once read (a worker loads them, again after one was stopped). */
interface Session {
  files: Promise<DatasetFiles>;
  opened: DatasetFiles | null;
  resolve(files: DatasetFiles): void;
  reject(error: Error): void;
}

function newSession(): Session {
  let resolve!: (files: DatasetFiles) => void;
  let reject!: (error: Error) => void;
  const files = new Promise<DatasetFiles>((ok, fail) => ((resolve = ok), (reject = fail)));
  files.catch(() => undefined); // closed before anyone asked
  return { files, opened: null, resolve, reject };
}

class EvaluationWorker {
  private readonly worker = new WatchedWorker<ToWorker, FromWorker>({
    start: () => new Worker(new URL('./evaluation.worker.ts', import.meta.url), { type: 'module', name: 'evaluation' }),
    // Every worker, the one after a stopped one too, loads the session's dataset first.
    onStart: (port) => void this.sendFiles(port, this.session!.opened!),
    onNotice: (message) => this.onNotice(message),
  });
  private session: Session | null = null;
  /** Where imported files' rows go (the session's store, wired in evaluationEvents.ts). */
  onImported: (rows: TrajectoryRow[], problems: Problem[]) => void = () => undefined;

  /**
   * The session's dataset is being read: the previous worker goes, and requests made meanwhile
   * (a deep-linked trajectory's replay, as rows stream in from the host) wait for open().
   */
  expectOpen(): void {
    this.close();
    this.session = newSession();
  }

  /** A fresh worker over the session's dataset, loaded there from the files the session's copy was read from (imports of the previous one are dropped). */
  open(files: DatasetFiles): void {
    if (!this.session || this.session.opened) this.expectOpen(); // no expectOpen() before: the previous worker goes
    this.session!.opened = files;
    this.session!.resolve(files);
    this.worker.worker(); // started now: it reads the dataset while the list shows
  }

  /**
   * The texts in parts, with the page's other tasks let in between, then the rest; requests
   * sent meanwhile wait in the worker for 'open'. Nothing more once the worker has gone.
   */
  private async sendFiles(port: WorkerPort, files: DatasetFiles): Promise<void> {
    const slices = new Slices();
    for (const { path, part } of textParts(files)) {
      await slices.pause();
      if (!this.worker.isCurrent(port)) return;
      port.postMessage({ type: 'text', path, part } satisfies ToWorker);
    }
    if (this.worker.isCurrent(port)) port.postMessage({ type: 'open', files: withoutTexts(files) } satisfies ToWorker);
  }

  close(): void {
    this.worker.close('evaluation closed');
    this.session?.reject(new Error('evaluation closed'));
    this.session = null;
  }

  /** Scores trajectory files the user brought in against the open dataset; ids already listed count as repeats. */
  importFiles(files: ImportedFile[], knownIds: string[]): void {
    if (files.length === 0) return;
    this.request({ type: 'import', files, knownIds }).catch((error: Error) =>
      this.onImported([], [{ file: files.length === 1 ? files[0].name : '', line: 0, message: error.message }]),
    );
  }

  /** One trajectory call by call: a host row's line is read from the host first. */
  async replay(datasetId: string, row: TrajectoryRow): Promise<ReplayDetail> {
    const hostRow = row.imported ? undefined : { row, text: await studioApi().evaluation.trajectoryLine(datasetId, row.file, row.line) };
    const reply = await this.request({ type: 'replay', trajectoryId: row.id, hostRow }, row.scenario);
    if (reply.type !== 'replay') throw new Error('unexpected reply');
    return reply.detail;
  }

  /** Ids of the trajectories whose dialogue contains the text (case-insensitive): the dataset's (host) and imported ones. */
  async search(datasetId: string, query: string): Promise<string[]> {
    const importedIds = this.request({ type: 'search', query }).then((reply) => (reply.type === 'search' ? reply.ids : []));
    const [own, imported] = await Promise.all([studioApi().evaluation.searchDialogue(datasetId, query), importedIds]);
    return own.concat(imported);
  }

  /** A request to the session's worker, once its files are read; `scenario` names what a stopped worker was running. */
  private async request(message: WithoutId<ToWorker>, scenario?: string): Promise<FromWorker> {
    const session = this.session;
    if (!session) throw new Error('no dataset is being evaluated');
    await session.files;
    if (session !== this.session) throw new Error('evaluation closed');
    return this.worker.request(message, scenario);
  }

  private onNotice(message: FromWorker): void {
    if (message.type === 'rows') this.onImported(message.rows, []);
    else if (message.type === 'problems') this.onImported([], message.problems);
  }
}

export const evaluationWorker = new EvaluationWorker();
