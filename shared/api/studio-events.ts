// Push notifications from the host to the renderer: IPC messages in Electron, Server-Sent Events
// in the browser host. Later issues add events (the file watcher reports changed files here).
import type { ModelFigures } from '../eval/aggregate';
import type { Label } from '../eval/profile';
import type { PackedRows } from '../eval/trajectory-row';
import type { Problem } from '../format/types';
import type { DatasetSummary } from './studio-api';

export interface StudioEvents {
  /** Files of an opened dataset changed (written through the API, or later seen by a watcher). */
  'datasets.changed': {
    datasetId: string;
    paths: string[];
    /** Set when no file was written: a video folder was chosen or forgotten, so these clips are served from elsewhere. */
    reason?: 'video-folder';
  };
  /** The host opened a dataset on its own (File > Open Dataset Folder..., Open Recent). */
  'datasets.opened': { dataset: DatasetSummary };
  /** File > Import Trajectories... (Electron): the files the user chose, read by the host, for the Replay workspace. */
  'trajectories.imported': { files: { name: string; text: string }[]; problems: { file: string; line: number; message: string }[] };
  /** annotations/<annotator>.jsonl or ground_truth.jsonl of an opened dataset changed on disk (file watcher, debounced). */
  'annotations.changed': { datasetId: string; paths: string[] };
  /** File > Import EgoBench Release... (Electron): started, then finished with the counts and lint, or failed. */
  'egobench.imported': EgobenchImportEvent;
  // #region evaluation session (evaluation.start)
  /** Rows that became final (file and line order, packed: unpackRows; evidence left out), problems found, and the bytes scored so far. */
  'evaluation.rows': { datasetId: string; runId: string; rows: PackedRows; problems: Problem[]; progress: { done: number; total: number } };
  /** The run ended: its figures, or why it failed. */
  'evaluation.done': { datasetId: string; runId: string; summary?: EvaluationSummary; error?: string };
  // #endregion
}

/** What evaluation.done carries besides the rows already streamed. */
export interface EvaluationSummary {
  trajectories: number;
  models: Record<string, ModelFigures>;
  /** How many problems were streamed in all. */
  problems: number;
  /** N_s per scenario (SPEC §10 weights). */
  task_counts: Record<string, number>;
  seconds: number;
  scoredFiles: number;
  cachedFiles: number;
  /** The dataset's scoring profile and its labels, as the host read them (the list can show without the renderer's own copy). */
  profile: 'paper' | 'egobench';
  labels: Label[];
  /** dataset.json's modes (absent in a listing kept by an older build): Reports notes runs of other modes. */
  listedModes?: string[];
}

export type EgobenchImportEvent =
  | { state: 'running'; release: string; out: string }
  | {
      state: 'done';
      release: string;
      out: string;
      dataset: DatasetSummary;
      summary: { scenarios: number; tasks: number; trajectories: number; models: string[]; modes: string[]; videos: number };
      warnings: { file: string; message: string }[];
      problems: { file: string; message: string }[];
    }
  | { state: 'failed'; release: string; out: string; message: string };

export type StudioEventName = keyof StudioEvents;

export const studioEventNames = ['datasets.changed', 'datasets.opened', 'trajectories.imported', 'annotations.changed', 'egobench.imported', 'evaluation.rows', 'evaluation.done'] as const satisfies readonly StudioEventName[];

/** Compile-time check that studioEventNames lists every event of StudioEvents. */
type MissingEventNames = Exclude<StudioEventName, (typeof studioEventNames)[number]>;
const allEventNamesListed: MissingEventNames extends never ? true : never = true;
void allEventNamesListed;

export function isStudioEventName(value: unknown): value is StudioEventName {
  return typeof value === 'string' && (studioEventNames as readonly string[]).includes(value);
}

export type StudioEventListener<E extends StudioEventName> = (payload: StudioEvents[E]) => void;
