// The client of the renderer's evaluation Web Worker (evaluation.worker.ts): replays one
// trajectory call by call, scores files the user imported, searches dialogues. The dataset's own
// rows come from the host (state/evaluationSlice.ts); this holds no state of its own beyond the
// worker and what it sent it: the session's files and the imports (importsKept.ts), both sent
// again to a fresh worker after its watchdog stopped one, before any other request. A scenario
// whose SQL overran is not replayed again until its files change (workers/overrun.ts).
import type { Problem } from '../../../shared/format/types';
import { studioApi } from '../api/studio';
import { textParts, withoutTexts, type DatasetFiles } from './datasetFiles';
import { Slices } from '../api/next-task';
import { WatchedWorker, type Needs, type WatchedWorkerOptions, type WithoutId, type WorkerPort } from '../workers/watchedWorker';
import { ImportsKept } from './importsKept';
import type { FromWorker, ImportedFile, ReplayDetail, ToWorker, TrajectoryRow } from './protocol';

/** The session's dataset: its files once read (a worker loads them, again after one was stopped), and its imports. */
interface Session {
  files: Promise<DatasetFiles>;
  opened: DatasetFiles | null;
  imports: ImportsKept;
  resolve(files: DatasetFiles): void;
  reject(error: Error): void;
}

function newSession(): Session {
  let resolve!: (files: DatasetFiles) => void;
  let reject!: (error: Error) => void;
  const files = new Promise<DatasetFiles>((ok, fail) => ((resolve = ok), (reject = fail)));
  files.catch(() => undefined); // closed before anyone asked
  return { files, opened: null, imports: new ImportsKept(), resolve, reject };
}

const startWorker = () => new Worker(new URL('./evaluation.worker.ts', import.meta.url), { type: 'module', name: 'evaluation' });
/** A scenario's files in the session's copy: what an overrun of it is remembered with. */
const sessionScenarioTexts = (files: DatasetFiles | null | undefined, id: string) =>
  files ? ['schema.sql', 'data.sql', 'tools.json'].map((name) => files.texts.get(`scenarios/${id}/${name}`) ?? '') : undefined;

export class EvaluationWorker {
  private readonly worker: WatchedWorker<ToWorker, FromWorker>;
  private session: Session | null = null;
  /** The current worker has its imports back (settles when they are in, or given up). */
  private restored: Promise<void> = Promise.resolve();
  /** Where imported files' rows go (the session's store, wired in evaluationEvents.ts). */
  onImported: (rows: TrajectoryRow[], problems: Problem[]) => void = () => undefined;

  /** A test replaces the worker and the clock. */
  constructor(options: Partial<Pick<WatchedWorkerOptions<FromWorker>, 'start' | 'timers' | 'limitMs'>> = {}) {
    this.worker = new WatchedWorker<ToWorker, FromWorker>({
      start: startWorker,
      // Every worker, the one after a stopped one too, loads the session's dataset first, then its imports.
      onStart: (port) => {
        const session = this.session!;
        void this.sendFiles(port, session.opened!);
        this.restored = session.imports.restore((message) => this.worker.request(message)).then((lost) => {
          if (lost.length > 0 && session === this.session) this.onImported([], lost);
        });
      },
      onNotice: (message) => this.onNotice(message),
      scenarioFiles: (id) => sessionScenarioTexts(this.session?.opened, id),
      ...options,
    });
  }

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
    let entry: ReturnType<ImportsKept['sending']> | undefined;
    this.ready()
      .then((session) => {
        const sent = (entry = session.imports.sending(files, knownIds));
        return this.worker.request({ type: 'import', files, knownIds }).finally(() => session.imports.settled(sent));
      })
      .catch((error: Error) => {
        // The file being scored when it failed (the worker scores them in order), else the only one.
        const file = entry?.files[entry.scored]?.name ?? (files.length === 1 ? files[0].name : '');
        this.onImported([], [{ file, line: 0, message: error.message }]);
      });
  }

  /** One trajectory call by call: a host row's line is read from the host first. */
  async replay(datasetId: string, row: TrajectoryRow): Promise<ReplayDetail> {
    const hostRow = row.imported ? undefined : { row, text: await studioApi().evaluation.trajectoryLine(datasetId, row.file, row.line) };
    const session = await this.ready(row.scenario);
    const lost = row.imported ? session.imports.lostFile(row.file) : null;
    if (lost !== null) throw new Error(lost);
    const reply = await this.worker.request({ type: 'replay', trajectoryId: row.id, hostRow }, row.scenario);
    if (reply.type !== 'replay') throw new Error('unexpected reply');
    return reply.detail;
  }

  /**
   * The trajectories whose dialogue contains the text (case-insensitive): the dataset's as lines
   * of its files (the host's search; matched to rows by file and line), imported ones as ids.
   */
  async search(datasetId: string, query: string): Promise<DialogueMatches> {
    const importedIds = this.request({ type: 'search', query }).then((reply) => (reply.type === 'search' ? reply.ids : []));
    const [lines, imported] = await Promise.all([studioApi().evaluation.searchDialogue(datasetId, query), importedIds]);
    return { lines, importedIds: imported };
  }

  /** The session, once its files are read and its worker (a fresh one: with its imports back) takes requests; one needing a scenario that overran fails at once. */
  private async ready(needs?: Needs): Promise<Session> {
    const refused = this.worker.refusal(needs);
    if (refused !== null) throw new Error(refused);
    const session = this.session;
    if (!session) throw new Error('no dataset is being evaluated');
    await session.files;
    for (;;) {
      if (session !== this.session) throw new Error('evaluation closed');
      const port = this.worker.worker();
      await this.restored;
      if (this.worker.isCurrent(port)) return session; // else stopped meanwhile: the next one restores first
    }
  }

  private async request(message: WithoutId<ToWorker>, needs?: Needs): Promise<FromWorker> {
    return this.ready(needs).then(() => this.worker.request(message, needs));
  }

  private onNotice(message: FromWorker): void {
    if (this.session && !this.session.imports.notice(message)) return;
    if (message.type === 'rows') this.onImported(message.rows, []);
    else if (message.type === 'problems') this.onImported([], message.problems);
  }
}

/** What a dialogue search found: lines of the dataset's files, and imported trajectories by id. */
export interface DialogueMatches {
  lines: { file: string; line: number }[];
  importedIds: string[];
}

export const evaluationWorker = new EvaluationWorker();
