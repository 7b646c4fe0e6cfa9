// The one definition of the studio API: every channel the renderer may call, its arguments
// (zod schemas, checked again by the host on every call) and its result type. Electron's preload
// and main process, the browser host and the renderer are all typed from this map.
// Adding a channel: see src-main/AGENTS.md.
import * as z from 'zod';
import { isDatasetRelativeDir, isDatasetRelativePath } from '../format/dataset-path';
import type { AuditReport } from '../eval/gt-audit-dataset';
import type { EvaluationRun } from '../report/types';
import { StudioError } from './studio-error';
import type { TeamIdentity } from './team';
import type { StudioEventListener, StudioEventName } from './studio-events';

export type HostKind = 'electron' | 'web';

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
  hostKind: HostKind;
  versions: { node: string; electron?: string; chrome?: string };
  /** On a team host: who this client is (fixed by its personal token). Absent for the one local user. */
  team?: TeamIdentity;
}

export interface DatasetSummary {
  /** Opaque handle for the API and media URLs; stable for a given folder. */
  id: string;
  /** dataset.json's `name`, or the folder name when it has none. */
  name: string;
  /** Absolute folder path, shown to the user. */
  root: string;
  /** Where the studio found it: under datasets/, in the recent list, or added (command line, Open Dataset Folder...). */
  source: 'bundled' | 'recent' | 'added';
}

export interface DatasetFile {
  /** Dataset-relative path with forward slashes. */
  path: string;
  size: number;
  /**
   * 'folder': a symbolic link to a folder, listed but never followed, so the studio can say why it
   * is left out. Its path ends in '/' (so a filter on file names passes it by) and its size is 0.
   */
  link?: 'folder';
}

/** The clips an opened dataset's tasks name (tasks.jsonl `video`) and where the host finds each. */
export interface ClipStatus {
  /** The video folder chosen for this dataset (absolute), or null. */
  folder: string | null;
  clips: {
    /** Dataset-relative path the task names, e.g. `videos/retail1.mp4`. */
    path: string;
    /** The file name looked up in the video folder (`retail1.mp4`); null when the path is not `videos/<name>`. */
    name: string | null;
    /** Found in the dataset, in the video folder, or missing. */
    source: 'dataset' | 'folder' | null;
    /** Why the path is never served, whatever is on disk: not dataset-relative, or it leads out of the dataset (tasks.jsonl must change). */
    refused?: string;
  }[];
  missing: number;
}

// #region argument schemas
const datasetId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,95}$/, 'expected a dataset id from datasets.list');
const filePath = z
  .string()
  .refine(isDatasetRelativePath, 'expected a dataset-relative path (no "..", no absolute path, no hidden name such as .git, "/" separators)');
const dirPath = z
  .string()
  .refine(isDatasetRelativeDir, 'expected a dataset-relative folder ("" for the root, no "..", no absolute path)');
/** Files written through the API are text (annotations, ground truth); 64 MiB is far above any of them. */
const fileText = z.string().max(64 * 1024 * 1024);
/** How datasets.setVideoFolder picks the folder: the desktop's folder dialog, a path typed in the browser host, or none. */
const videoFolderChoice = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('dialog') }),
  z.object({ kind: z.literal('path'), path: z.string().min(1).max(4096) }),
  z.object({ kind: z.literal('clear') }),
]);
/** A content hash from datasets.readVersioned or a write's answer; null: the file does not exist. */
const expectedHash = z.string().regex(/^sha256:[0-9a-f]{64}$/, 'expected a content hash from datasets.readVersioned').nullable();
/** Chosen by the renderer, so events of its run can be told from others' before the call returns. */
const evaluationRunId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'expected a run id of letters, digits, "-" or "_"');
export type EvaluationRunId = string;
// #endregion

/** A file's text and content hash (both null when it does not exist), for conditional writes. */
export interface VersionedText {
  text: string | null;
  hash: string | null;
  /**
   * The lines whose bytes are not UTF-8 (they read as U+FFFD in `text`, which is left unmarked so
   * that no mark is written back); absent when there are none. Readers mark them (markNotUtf8Lines).
   */
  notUtf8Lines?: number[];
  /**
   * The lines too long to read (past MAX_LINE_LENGTH): `text` holds their mark (tooLongLine) and not
   * them, so it is not the whole file: the host refuses to rewrite the file from it (an append
   * keeps them). Absent when there are none.
   */
  longLines?: number[];
}

/** What a conditional write left on disk. */
export interface WrittenVersion extends DatasetFile {
  hash: string;
}

/** A channel: its argument tuple schema and, as a type only, its result. */
export interface ChannelSpec<Args extends z.ZodTuple, Result> {
  readonly description: string;
  readonly args: Args;
  /** Never set at run time: carries the result type. */
  readonly result?: Result;
}

function channel<Result>() {
  return <Args extends z.ZodTuple>(description: string, args: Args): ChannelSpec<Args, Result> => ({
    description,
    args,
  });
}

/** Channel names are `<namespace>.<method>`; window.studio exposes them as studio.<namespace>.<method>(...). */
export const studioChannels = {
  'app.info': channel<AppInfo>()('Name, version, platform and host kind of the running studio.', z.tuple([])),
  'datasets.list': channel<DatasetSummary[]>()(
    'Datasets found under datasets/, given on the command line, or opened recently.',
    z.tuple([]),
  ),
  'datasets.open': channel<DatasetSummary>()(
    'Opens a dataset from datasets.list so its files can be read; remembers it as recent.',
    z.tuple([datasetId]),
  ),
  'datasets.readText': channel<string>()('Reads a UTF-8 file of an opened dataset.', z.tuple([datasetId, filePath])),
  'datasets.listFiles': channel<DatasetFile[]>()(
    'Lists the files under a folder of an opened dataset, recursively, in code-point order of their paths (none for a folder that is not there).',
    z.tuple([datasetId, dirPath]),
  ),
  'datasets.writeText': channel<DatasetFile>()(
    'Writes a UTF-8 file of an opened dataset atomically (temporary file, then rename).',
    z.tuple([datasetId, filePath, fileText]),
  ),
  'datasets.clipStatus': channel<ClipStatus>()(
    "Which clips an opened dataset's tasks name and whether each is in the dataset, in its video folder, or missing.",
    z.tuple([datasetId]),
  ),
  'datasets.setVideoFolder': channel<ClipStatus>()(
    'Chooses the folder that serves videos/<name> when the dataset has no such file (kept in the config folder, not the dataset). ' +
      'Desktop: {kind: "dialog"} opens a folder dialog; browser host: {kind: "path", path} with an existing absolute folder; {kind: "clear"} forgets it.',
    z.tuple([datasetId, videoFolderChoice]),
  ),
  'evaluation.run': channel<EvaluationRun>()(
    "Evaluates an opened dataset's trajectories/ in the host (SPEC §12 report, task counts, per-trajectory usage).",
    z.tuple([datasetId]),
  ),
  // #region conditional writes: each names the one file it writes (annotations/<annotator>.jsonl,
  // ground_truth.jsonl, reviews/<reviewer>.jsonl, ...) and the hash of the content it last read;
  // the host refuses with 'conflict' (HTTP 409) when the file holds something else by now.
  'datasets.readVersioned': channel<VersionedText>()(
    'Reads a UTF-8 file of an opened dataset with its content hash (text and hash null when the file does not exist).',
    z.tuple([datasetId, filePath]),
  ),
  'datasets.writeIfUnchanged': channel<WrittenVersion>()(
    'Replaces a file of an opened dataset atomically when it still holds the content of expectedHash (null: it must not exist); else refuses with conflict.',
    z.tuple([datasetId, filePath, fileText, expectedHash]),
  ),
  'datasets.appendIfUnchanged': channel<WrittenVersion>()(
    'Appends whole lines to a file of an opened dataset (atomic rewrite, flushed) when it still holds the content of expectedHash; else refuses with conflict.',
    z.tuple([datasetId, filePath, fileText.refine((lines) => lines === '' || lines.endsWith('\n'), 'expected whole lines, each ending in a newline'), expectedHash]),
  ),
  // #endregion
  // #region evaluation session: rows streamed from the host's scoring workers (issues 15, 17, 19)
  'evaluation.start': channel<{ runId: EvaluationRunId }>()(
    "Scores an opened dataset's trajectories in the host's worker threads (cached scores of unchanged files reused) and returns at once: " +
      'rows arrive as evaluation.rows events tagged with the caller-chosen runId, then evaluation.done.',
    z.tuple([datasetId, evaluationRunId]),
  ),
  'evaluation.trajectoryLine': channel<string>()(
    'The text of one line (1-based) of a trajectory file of an opened dataset, for replaying a listed row.',
    z.tuple([datasetId, filePath, z.number().int().min(1)]),
  ),
  'evaluation.searchDialogue': channel<{ file: string; line: number }[]>()(
    "Lines (file, 1-based line) of an opened dataset's trajectory files whose dialogue contains the text (case-insensitive), in file order; the studio matches them to its rows by file and line (a line left out, as a repeated id, is no row).",
    z.tuple([datasetId, z.string().max(1000)]),
  ),
  // #endregion
  // #region ground-truth audit (issue 17)
  'audit.run': channel<AuditReport>()(
    "Ground-truth audit of an opened dataset's trajectories/ (shared/eval/gt-audit.ts, the default agreement: half of a task's runs, at least 3).",
    z.tuple([datasetId]),
  ),
  // #endregion
} as const;

export type StudioChannels = typeof studioChannels;
export type StudioChannel = keyof StudioChannels;
/** Arguments as the caller passes them. */
export type ChannelArgs<C extends StudioChannel> = z.input<StudioChannels[C]['args']>;
/** Arguments after validation, as a handler receives them. */
export type ValidChannelArgs<C extends StudioChannel> = z.output<StudioChannels[C]['args']>;
export type ChannelResult<C extends StudioChannel> = StudioChannels[C] extends ChannelSpec<z.ZodTuple, infer R> ? R : never;

/** What a host implements: one async function per channel, given validated arguments. */
export type StudioHandlers = { [C in StudioChannel]: (...args: ValidChannelArgs<C>) => Promise<ChannelResult<C>> };

type NamespaceOf<C> = C extends `${infer N}.${string}` ? N : never;
type MethodOf<C, N extends string> = C extends `${N}.${infer M}` ? M : never;
export type StudioNamespace = NamespaceOf<StudioChannel>;

/** The callable part of window.studio, grouped by namespace: studio.datasets.readText(id, path). */
export type StudioInvokers = {
  [N in StudioNamespace]: {
    [C in StudioChannel as MethodOf<C, N>]: (...args: ChannelArgs<C>) => Promise<ChannelResult<C>>;
  };
};

/** window.studio, the same shape in Electron (preload) and in the browser (HTTP client). */
export type StudioApi = StudioInvokers & {
  readonly hostKind: HostKind;
  /**
   * URL for <video src> and <img src>, served with HTTP range support. Read text through
   * datasets.readText instead: the CSP's connect-src does not allow fetch() on studio-media:.
   */
  mediaUrl(datasetId: string, path: string): string;
  /** Subscribes to a host event; returns the unsubscribe function. */
  onEvent<E extends StudioEventName>(name: E, listener: StudioEventListener<E>): () => void;
};

export const studioChannelNames = Object.keys(studioChannels) as StudioChannel[];

export function isStudioChannel(name: unknown): name is StudioChannel {
  return typeof name === 'string' && Object.hasOwn(studioChannels, name);
}

/** Validates a call's arguments; throws StudioError('invalid-args') naming the first problem. */
export function parseChannelArgs<C extends StudioChannel>(name: C, args: unknown): ValidChannelArgs<C> {
  const result = studioChannels[name].args.safeParse(args);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue && issue.path.length > 0 ? `argument ${issue.path.join('.')}: ` : '';
    throw new StudioError('invalid-args', `${name}: ${where}${issue?.message ?? 'invalid arguments'}`);
  }
  return result.data as ValidChannelArgs<C>;
}

/** The transport-neutral half of window.studio: one function per channel, grouped by namespace. */
export function buildStudioInvokers(invoke: (name: StudioChannel, args: unknown[]) => Promise<unknown>): StudioInvokers {
  const api: Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>> = {};
  for (const name of studioChannelNames) {
    const [namespace, method] = name.split('.') as [string, string];
    api[namespace] ??= {};
    api[namespace][method] = (...args: unknown[]) => invoke(name, args);
  }
  return api as unknown as StudioInvokers;
}
