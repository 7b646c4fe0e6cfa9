// The renderer's evaluation service: one Web Worker per open dataset, its state in a small
// zustand store (status, progress, rows, problems), and promise-based replay and search.
// Workspaces use it through useEvaluation(); it survives switching workspaces.
import { useEffect } from 'react';
import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { Label } from '../../../shared/eval/profile';
import type { Problem } from '../../../shared/format/types';
import { studioApi } from '../api/studio';
import type { EvaluationStatus, FromWorker, ImportedFile, ReplayDetail, ToWorker, TrajectoryRow } from './protocol';
import { answerSourceRead } from './studioSource';

export interface EvaluationState {
  datasetId: string | null;
  status: EvaluationStatus;
  message: string | null;
  progress: { done: number; total: number };
  rows: TrajectoryRow[];
  problems: Problem[];
  profile: 'paper' | 'egobench' | null;
  labels: Label[];
}

const initial: EvaluationState = {
  datasetId: null,
  status: 'idle',
  message: null,
  progress: { done: 0, total: 0 },
  rows: [],
  problems: [],
  profile: null,
  labels: [],
};

export const useEvaluationStore = create<EvaluationState>()(() => initial);

type Pending<T> = { resolve(value: T): void; reject(error: Error): void };

class EvaluationService {
  private worker: Worker | null = null;
  private nextRequest = 0;
  private readonly replays = new Map<number, Pending<ReplayDetail>>();
  private readonly searches = new Map<number, Pending<string[]>>();
  private menuImports: (() => void) | null = null;
  private changes: (() => void) | null = null;

  /** Starts evaluating a dataset (idempotent for the dataset already open unless forced). */
  open(datasetId: string, datasetName: string, force = false): void {
    if (!force && useEvaluationStore.getState().datasetId === datasetId && this.worker) return;
    this.close();
    this.listenForMenuImports();
    this.listenForChanges(datasetId, datasetName);
    useEvaluationStore.setState({ ...initial, datasetId, status: 'loading' });
    const worker = new Worker(new URL('./evaluation.worker.ts', import.meta.url), { type: 'module', name: 'evaluation' });
    this.worker = worker;
    worker.onmessage = (event: MessageEvent<FromWorker>) => this.onMessage(worker, datasetId, event.data);
    worker.onerror = (event) => {
      useEvaluationStore.setState({ status: 'error', message: event.message || 'the evaluation worker failed' });
    };
    this.send({ type: 'open', datasetId, datasetName });
  }

  /** File > Import Trajectory Files/Folder... (Electron): the host sends the files it read. */
  private listenForMenuImports(): void {
    this.menuImports ??= studioApi().onEvent('trajectories.imported', ({ files, problems }) => {
      if (!this.worker) return;
      if (problems.length > 0) useEvaluationStore.setState((s) => ({ problems: s.problems.concat(problems) }));
      this.importFiles(files);
      if (!window.location.hash.startsWith('#/replay')) window.location.hash = '#/replay';
    });
  }

  /** Trajectory files (or what they are scored against) changed on disk: evaluate again. */
  private listenForChanges(datasetId: string, datasetName: string): void {
    this.changes?.();
    this.changes = studioApi().onEvent('datasets.changed', ({ datasetId: changed, paths }) => {
      if (changed !== datasetId || useEvaluationStore.getState().datasetId !== datasetId) return;
      const relevant = paths.some((p) => /^(trajectories\/|scenarios\/|tasks\.jsonl$|ground_truth\.jsonl$|dataset\.json$)/.test(p));
      if (relevant) this.open(datasetId, datasetName, true);
    });
  }

  close(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const pending of [...this.replays.values(), ...this.searches.values()]) pending.reject(new Error('evaluation closed'));
    this.replays.clear();
    this.searches.clear();
    useEvaluationStore.setState(initial);
  }

  /** Evaluates trajectory files the user brought in against the open dataset. */
  importFiles(files: ImportedFile[]): void {
    if (files.length > 0) this.send({ type: 'import', files });
  }

  replay(id: string): Promise<ReplayDetail> {
    const requestId = this.nextRequest++;
    return new Promise((resolve, reject) => {
      this.replays.set(requestId, { resolve, reject });
      this.send({ type: 'replay', requestId, id });
    });
  }

  /** Ids of the trajectories whose dialogue contains the text (case-insensitive). */
  search(query: string): Promise<string[]> {
    const requestId = this.nextRequest++;
    return new Promise((resolve, reject) => {
      this.searches.set(requestId, { resolve, reject });
      this.send({ type: 'search', requestId, query });
    });
  }

  private send(message: ToWorker): void {
    if (!this.worker) throw new Error('no dataset is being evaluated');
    this.worker.postMessage(message);
  }

  private onMessage(worker: Worker, datasetId: string, message: FromWorker): void {
    if (worker !== this.worker) return;
    const set = useEvaluationStore.setState;
    switch (message.type) {
      case 'read':
        answerSourceRead(studioApi(), datasetId, message.op, message.path).then(
          (value) => worker === this.worker && worker.postMessage({ type: 'read-reply', requestId: message.requestId, value } satisfies ToWorker),
          (error: unknown) =>
            worker === this.worker &&
            worker.postMessage({ type: 'read-reply', requestId: message.requestId, error: (error as Error).message } satisfies ToWorker),
        );
        break;
      case 'status':
        set({ status: message.status, message: message.message ?? null });
        break;
      case 'meta':
        set({ profile: message.profile, labels: message.labels });
        break;
      case 'progress':
        set({ progress: { done: message.done, total: message.total } });
        break;
      case 'rows':
        set((s) => ({ rows: s.rows.concat(message.rows) }));
        break;
      case 'problems':
        set((s) => ({ problems: s.problems.concat(message.problems) }));
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

export const evaluationService = new EvaluationService();

/** Keeps the evaluation on the given dataset and returns its state. */
export function useEvaluation(dataset: { id: string; name: string } | null) {
  const id = dataset?.id ?? null;
  const name = dataset?.name ?? '';
  useEffect(() => {
    if (id) evaluationService.open(id, name);
  }, [id, name]);
  return useEvaluationStore(
    useShallow((s) => ({
      status: s.status,
      message: s.message,
      progress: s.progress,
      rows: s.rows,
      problems: s.problems,
      profile: s.profile,
      labels: s.labels,
    })),
  );
}
