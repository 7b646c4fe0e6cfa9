// The client of the renderer's evaluation Web Worker (evaluation.worker.ts): replays one
// trajectory call by call, scores files the user imported, searches dialogues. The dataset's own
// rows come from the host (state/evaluationSlice.ts); this holds no state of its own beyond the worker.
import type { Problem } from '../../../shared/format/types';
import { studioApi } from '../api/studio';
import { textParts, withoutTexts, type DatasetFiles } from './datasetFiles';
import { Slices } from '../api/next-task';
import type { FromWorker, ImportedFile, ReplayDetail, ToWorker, TrajectoryRow } from './protocol';

type Pending<T> = { resolve(value: T): void; reject(error: Error): void };

class EvaluationWorker {
  private worker: Worker | null = null;
  private nextRequest = 0;
  private readonly replays = new Map<number, Pending<ReplayDetail>>();
  private readonly searches = new Map<number, Pending<string[]>>();
  /** Where imported files' rows go (the session's store, wired in evaluationEvents.ts). */
  onImported: (rows: TrajectoryRow[], problems: Problem[]) => void = () => undefined;

  /** Requests made while the session's dataset is read, sent once the worker is open (null: none is being opened). */
  private waiting: ToWorker[] | null = null;

  /**
   * The session's dataset is being read: the previous worker goes, and requests made meanwhile
   * (a deep-linked trajectory's replay, as rows stream in from the host) wait for open().
   */
  expectOpen(): void {
    this.close();
    this.waiting = [];
  }

  /** A fresh worker over the session's dataset, loaded there from the files the session's copy was read from (imports of the previous one are dropped). */
  open(files: DatasetFiles): void {
    const waiting = this.waiting ?? [];
    if (!this.waiting) this.close(); // after expectOpen() there is no worker, and the waiting requests stay pending
    const worker = new Worker(new URL('./evaluation.worker.ts', import.meta.url), { type: 'module', name: 'evaluation' });
    this.worker = worker;
    worker.onmessage = (event: MessageEvent<FromWorker>) => worker === this.worker && this.onMessage(event.data);
    // Requests keep waiting until the files are sent: the worker answers them from its copy.
    this.waiting = waiting;
    void this.sendFiles(worker, files);
  }

  /**
   * The texts in parts, with the page's other tasks let in between, then the rest, then the
   * requests that waited; nothing more once the worker has gone (closed or replaced) meanwhile.
   */
  private async sendFiles(worker: Worker, files: DatasetFiles): Promise<void> {
    const slices = new Slices();
    for (const { path, part } of textParts(files)) {
      await slices.pause();
      if (worker !== this.worker) return;
      worker.postMessage({ type: 'text', path, part } satisfies ToWorker);
    }
    if (worker !== this.worker) return;
    worker.postMessage({ type: 'open', files: withoutTexts(files) } satisfies ToWorker);
    const queued = this.waiting ?? [];
    this.waiting = null;
    for (const message of queued) worker.postMessage(message);
  }

  close(): void {
    this.worker?.terminate();
    this.worker = null;
    this.waiting = null;
    for (const pending of [...this.replays.values(), ...this.searches.values()]) pending.reject(new Error('evaluation closed'));
    this.replays.clear();
    this.searches.clear();
  }

  /** Scores trajectory files the user brought in against the open dataset; ids already listed count as repeats. */
  importFiles(files: ImportedFile[], knownIds: string[]): void {
    if (files.length > 0) this.send({ type: 'import', files, knownIds });
  }

  /** One trajectory call by call: a host row's line is read from the host first. */
  async replay(datasetId: string, row: TrajectoryRow): Promise<ReplayDetail> {
    const hostRow = row.imported ? undefined : { row, text: await studioApi().evaluation.trajectoryLine(datasetId, row.file, row.line) };
    const requestId = this.nextRequest++;
    return new Promise((resolve, reject) => {
      this.replays.set(requestId, { resolve, reject });
      this.send({ type: 'replay', requestId, id: row.id, hostRow });
    });
  }

  /** Ids of the trajectories whose dialogue contains the text (case-insensitive): the dataset's (host) and imported ones. */
  async search(datasetId: string, query: string): Promise<string[]> {
    const requestId = this.nextRequest++;
    const importedIds = new Promise<string[]>((resolve, reject) => {
      this.searches.set(requestId, { resolve, reject });
      this.send({ type: 'search', requestId, query });
    });
    const [own, imported] = await Promise.all([studioApi().evaluation.searchDialogue(datasetId, query), importedIds]);
    return own.concat(imported);
  }

  private send(message: ToWorker): void {
    if (this.waiting) this.waiting.push(message);
    else if (this.worker) this.worker.postMessage(message);
    else throw new Error('no dataset is being evaluated');
  }

  private onMessage(message: FromWorker): void {
    switch (message.type) {
      case 'rows':
        this.onImported(message.rows, []);
        break;
      case 'problems':
        this.onImported([], message.problems);
        break;
      case 'replay': {
        const pending = this.replays.get(message.requestId);
        this.replays.delete(message.requestId);
        if (message.detail) pending?.resolve(message.detail);
        else pending?.reject(new Error(message.error ?? 'replay failed'));
        break;
      }
      case 'search': {
        const pending = this.searches.get(message.requestId);
        this.searches.delete(message.requestId);
        pending?.resolve(message.ids);
        break;
      }
    }
  }
}

export const evaluationWorker = new EvaluationWorker();
