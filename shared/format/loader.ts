// Loads a dataset folder (SPEC §1-§6). Every problem names file, line and reason; whatever is
// valid still loads. Nothing here throws on bad input.
import * as z from 'zod';
import { compareCodePoints } from './codepoint';
import { lineOfPath, parseJsonFile, validateJson } from './json-file';
import { matchMarksOf, type EntityTarget } from './match-marks';
import { firstMarkedLine, markedLine, NOT_UTF8_MARK, splitLineBatches, TOO_LONG_MARK, unreadLineMessage, type JsonlLine } from './jsonl';
import { mergeConflictMessage, MergeConflictRanges, mergeMarkerOf } from './merge-conflict';
import { ChunkProblemCap, countedProblems, MAX_PROBLEMS_PER_FILE } from './problem-cap';
import { safeJsonParse } from './safe-json';
import { callsMayHoldWholeReals, keepsWholeReals, markWholeReals, trajectoryMayHoldWholeReals } from './whole-reals';
import { fastAnnotation, fastGroundTruth, fastTask } from './task-fast';
import { isDatasetRelativePath } from './dataset-path';
import { conflictCopyMessage, conflictCopyOf } from './sync-conflict-copy';
import {
  annotationSchema,
  datasetMetaSchema,
  describeIssues,
  groundTruthSchema,
  taskSchema,
  toolDefSchema,
  toolLibrarySchema,
  trajectorySchema,
} from './schemas';
import type { DatasetSource } from './source';
import type {
  Annotation,
  DatasetMeta,
  GroundTruth,
  Problem,
  ScenarioDef,
  Task,
  ToolDef,
  Trajectory,
} from './types';
import { trimSpace } from './whitespace';

export interface LoadedDataset {
  meta: DatasetMeta;
  scenarios: Map<string, ScenarioDef>;
  tasks: Map<string, Task>;
  groundTruth: Map<string, GroundTruth>;
  /** annotator (file name) -> task id -> the winning line (highest revision, later on ties). */
  annotations: Map<string, Map<string, Annotation>>;
  /**
   * annotator -> task id -> the first line of the task the annotator submitted, where a later
   * revision wins with other calls or visual references (changedAfterSubmit). Blind annotation
   * shows an annotator the other's work once they submit, so such a change may follow it.
   */
  changedAfterSubmit?: Map<string, Map<string, Annotation>>;
  problems: Problem[];
}

/**
 * SPEC §12's "nothing could be read" (exit code 1), one reading for every command: the dataset
 * gave no task and no scenario, and the command's own input (trajectories, annotations) none
 * either. A dataset read with an empty tasks.jsonl but its scenarios is input with problems (2).
 */
export function nothingRead(dataset: Pick<LoadedDataset, 'tasks' | 'scenarios'>, itemsRead: number): boolean {
  return dataset.tasks.size === 0 && dataset.scenarios.size === 0 && itemsRead === 0;
}

export const DEFAULT_META: DatasetMeta = { id: 'dataset', name: 'dataset', version: '0', modes: [] };

/**
 * The source with its refusals as problems: a file the source will not read (a symlink leading
 * out of the dataset, a FIFO, a device) is a problem of that file and reads as absent.
 */
function reportingRefusals(source: DatasetSource, problems: Problem[], refused: Set<string>): DatasetSource {
  const guard = async <T>(file: string, read: Promise<T>, absent: T): Promise<T> => {
    try {
      return await read;
    } catch (error) {
      refused.add(file);
      problems.push({ file, line: 0, message: `not read: ${error instanceof Error ? error.message : String(error)}` });
      return absent;
    }
  };
  // A whole-text file (JSON, SQL) with a line that is not UTF-8 is not read: its text would not be
  // what its author wrote, and a seed or a tool of it would hold U+FFFD in its place. Nor is one
  // with a line too long to read, which the host's reader left out of the text.
  const utf8Only = (path: string, text: string | null): string | null => {
    const marked = text === null ? null : firstMarkedLine(text);
    if (marked === null) return text;
    refused.add(path);
    problems.push({ file: path, line: marked.lineNumber, message: `not read: ${unreadLineMessage(marked, false)}` });
    return null;
  };
  return {
    label: source.label,
    readText: async (path) => utf8Only(path, await guard(path, source.readText(path), null)),
    readChunks: (path) => guard(path, source.readChunks(path), null),
    listFiles: (dir) => guard(dir, source.listFiles(dir), []),
    listDirs: (dir) => guard(dir, source.listDirs(dir), []),
    // Links only explain a missing scenario: when they cannot be listed, the plain message stays
    // (and listDirs reports a folder that cannot be read).
    listDirLinks: async (dir) => (await source.listDirLinks?.(dir).catch(() => [])) ?? [],
  };
}

/** Whether a listed file is a JSONL file right in annotations/: an annotator's, or a problem said (annotatorFileProblem). */
const isAnnotationsJsonl = (file: string) => file.startsWith('annotations/') && file.endsWith('.jsonl') && !file.slice('annotations/'.length).includes('/');

/** The annotator whose file this is (annotations/<annotator>.jsonl), or null: not an annotator's file. */
export function annotatorOfFile(file: string): string | null {
  if (!isAnnotationsJsonl(file) || annotatorFileProblem(file) !== null) return null;
  return file.slice('annotations/'.length, -'.jsonl'.length);
}

/**
 * Why a JSONL file in annotations/ is not read as an annotator's work, or null when it is: a sync
 * tool's conflict copy, which would be an annotator agreeing with the file it copies. Any other
 * name is an annotator's, as SPEC §5 names them (`annotations/<annotator>.jsonl`, no rule for the
 * name): a dataset written elsewhere may have "Annotator 1.jsonl".
 */
export function annotatorFileProblem(file: string): string | null {
  const original = conflictCopyOf(file);
  return original === null ? null : conflictCopyMessage(original);
}

/**
 * The source with the big files' reads started at once: in the studio each is a request to the
 * host, hundreds of milliseconds for a 20 MB file, and the loader parses one while the next comes.
 * It still takes them in its own order, so what it reports comes in that order.
 */
function readingAhead(source: DatasetSource, files: readonly string[]): DatasetSource {
  if (!source.readsAhead) return source;
  const early = new Map<string, ReturnType<DatasetSource['readChunks']>>();
  const start = (file: string) => {
    const read = source.readChunks(file);
    read.catch(() => undefined); // reported when the loader takes it
    early.set(file, read);
  };
  files.forEach(start);
  const annotationFiles = source.listFiles('annotations');
  annotationFiles.then((listed) => listed.filter((file) => annotatorOfFile(file) !== null).forEach(start), () => undefined);
  return {
    ...source,
    readChunks: (file) => {
      const read = early.get(file);
      early.delete(file); // taken once: a second read of the file reads it again
      return read ?? source.readChunks(file);
    },
    listFiles: (dir) => (dir === 'annotations' ? annotationFiles : source.listFiles(dir)),
  };
}

/** Everything but trajectories, which are streamed separately (they can be huge). */
export async function loadDataset(original: DatasetSource): Promise<LoadedDataset> {
  const problems: Problem[] = [];
  const refused = new Set<string>();
  const source = reportingRefusals(readingAhead(original, ['tasks.jsonl', 'ground_truth.jsonl']), problems, refused);
  const meta = await loadMeta(source, problems);
  const scenarios = await loadScenarios(source, problems);
  const tasks = await loadTasks(source, scenarios, problems);
  const groundTruth = await loadGroundTruth(source, tasks, scenarios, problems, keepsWholeReals(meta));
  const { annotations, changedAfterSubmit } = await loadAnnotations(source, tasks, problems);
  // A refused file is reported once, as refused, not also as missing.
  const reported = problems.filter((p) => !(refused.has(p.file) && p.message.startsWith('missing')));
  return { meta, scenarios, tasks, groundTruth, annotations, changedAfterSubmit, problems: reported };
}

/** Whether a dataset path is the annotations folder or in it: what withAnnotationsReloaded reads again. */
export const inAnnotations = (path: string) => path === 'annotations' || path.startsWith('annotations/');

/**
 * `previous` with its annotations read again from `original`, as loadDataset would read them now
 * when only files under annotations/ changed: tasks, ground truth and scenarios (a big tools.json
 * among them) are kept, not read and parsed again. The annotations' problems are replaced; they
 * come last, as in loadDataset.
 */
export async function withAnnotationsReloaded(previous: LoadedDataset, original: DatasetSource): Promise<LoadedDataset> {
  const problems: Problem[] = [];
  const refused = new Set<string>();
  const { annotations, changedAfterSubmit } = await loadAnnotations(reportingRefusals(readingAhead(original, []), problems, refused), previous.tasks, problems);
  const reported = problems.filter((p) => !(refused.has(p.file) && p.message.startsWith('missing')));
  return { ...previous, annotations, changedAfterSubmit, problems: [...previous.problems.filter((p) => !inAnnotations(p.file)), ...reported] };
}

async function loadMeta(source: DatasetSource, problems: Problem[]): Promise<DatasetMeta> {
  const text = await source.readText('dataset.json');
  if (text === null) {
    problems.push({ file: 'dataset.json', line: 0, message: 'missing: the dataset folder has no dataset.json' });
    return DEFAULT_META;
  }
  const parsed = parseJsonFile('dataset.json', text, problems);
  if (!parsed) return DEFAULT_META;
  const reported = problems.length;
  const meta = validateJson(parsed.doc, datasetMetaSchema, parsed.value, problems);
  if (meta) return meta;
  // A bad optional field costs that field alone: the dataset keeps its id, name and the rest.
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return DEFAULT_META;
  for (const dropped of OPTIONAL_META_FIELDS) {
    const kept = validateJson(parsed.doc, datasetMetaSchema, withoutKeys(value as Record<string, unknown>, dropped), []);
    if (!kept) continue;
    for (let i = reported; i < problems.length; i++) problems[i] = { ...problems[i], message: `${problems[i].message}; ${dropped.join(' and ')} ignored (${dropped.map((f) => META_DEFAULTS[f]).join(', ')})` };
    return kept;
  }
  return DEFAULT_META;
}

/** Fields of dataset.json whose bad value is ignored rather than the whole file, and what applies instead. */
const META_DEFAULTS = { profile: 'the paper profile applies', modes: 'the trajectories give the modes' } as const;
const OPTIONAL_META_FIELDS: (keyof typeof META_DEFAULTS)[][] = [['profile'], ['modes'], ['profile', 'modes']];

function withoutKeys(value: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
}

async function loadScenarios(source: DatasetSource, problems: Problem[]): Promise<Map<string, ScenarioDef>> {
  const scenarios = new Map<string, ScenarioDef>();
  const ids = (await source.listDirs('scenarios')).sort(compareCodePoints);
  for (const id of ids) {
    const base = `scenarios/${id}`;
    const [schemaSql, dataSql, toolsText] = await Promise.all([
      source.readText(`${base}/schema.sql`),
      source.readText(`${base}/data.sql`),
      source.readText(`${base}/tools.json`),
    ]);
    // Without its seed (missing, or refused: a link out of the dataset, a file too big) every
    // state would be compared from an empty database: the scenario is left out, not scored so.
    // An empty data.sql is a seed with no rows.
    if (schemaSql === null) problems.push({ file: `${base}/schema.sql`, line: 0, message: 'missing: scenario left out' });
    if (dataSql === null) problems.push({ file: `${base}/data.sql`, line: 0, message: 'missing: scenario left out' });
    if (toolsText === null) problems.push({ file: `${base}/tools.json`, line: 0, message: 'missing: scenario left out' });
    if (schemaSql === null || dataSql === null || toolsText === null) continue;
    const file = `${base}/tools.json`;
    const parsed = parseJsonFile(file, toolsText, problems);
    if (!parsed) continue;
    const library = validateJson(parsed.doc, toolLibrarySchema, parsed.value, problems);
    if (!library) continue;
    const tools: ToolDef[] = [];
    const entityTargets: EntityTarget[] = [];
    const toolLines: number[] = [];
    const names = new Set<string>();
    library.tools.forEach((raw, index) => {
      const tool = validateJson(parsed.doc, toolDefSchema, raw, problems, ['tools', index]) as ToolDef | null;
      if (!tool) return;
      // Names compare trimmed (SPEC §8.1): " add" and "add" are one tool.
      const name = trimSpace(tool.name);
      if (names.has(name)) {
        problems.push({ file, line: lineOfPath(parsed.doc, ['tools', index]), message: `tool "${tool.name}" defined twice (names compare trimmed); the first definition is kept` });
        return;
      }
      names.add(name);
      tools.push(tool);
      toolLines.push(lineOfPath(parsed.doc, ['tools', index]));
      entityTargets.push(...matchMarksOf(tool, index, parsed.doc, problems));
    });
    scenarios.set(id, { id, schemaSql, dataSql, library: { state_tables: library.state_tables, tools }, entityTargets, toolLines, stateTablesLine: lineOfPath(parsed.doc, ['state_tables']) });
  }
  return scenarios;
}

/** A check of the common well-formed line that gives what `schema` would, or null to let the schema decide. */
type FastPath<T extends z.ZodType> = (value: unknown) => z.infer<T> | null;

/** One line of a JSONL file parsed and validated: null when blank or rejected (its problem is added). */
function jsonlRow<T extends z.ZodType>(
  line: JsonlLine,
  file: string,
  schema: T,
  problems: { push(problem: Problem): void },
  conflicts: MergeConflictRanges,
  fastPath?: FastPath<T>,
  wholeReals?: WholeRealsWanted,
): { line: number; value: z.infer<T> } | null {
  if (line.kind !== 'line') {
    problems.push({ file, line: line.lineNumber, message: unreadLineMessage(line) });
    return null;
  }
  const parsed = parseJsonlLine(line.text, line.lineNumber, schema, fastPath, wholeReals);
  const problem = parsed?.ok === false ? { file, line: line.lineNumber, message: parsed.message } : undefined;
  if (problem) problems.push(problem);
  conflicts.see(line.lineNumber, line.text, problem);
  if (parsed === null || !parsed.ok) return null;
  return { line: line.lineNumber, value: parsed.value };
}

/** Each non-blank line of a JSONL file parsed and validated, as it is reached; problems for the rest. */
export async function* readJsonl<T extends z.ZodType>(
  chunks: AsyncIterable<string> | Iterable<string>,
  file: string,
  schema: T,
  problems: Problem[],
  fastPath?: FastPath<T>,
  wholeReals?: WholeRealsWanted,
): AsyncGenerator<{ line: number; value: z.infer<T> }> {
  const conflicts = new MergeConflictRanges();
  for await (const lines of splitLineBatches(chunks)) {
    for (const line of lines) {
      const row = jsonlRow(line, file, schema, problems, conflicts, fastPath, wholeReals);
      if (row) yield row;
    }
  }
}

/**
 * Which parsed lines need their whole reals marked (whole-reals.ts): those whose calls hold a whole
 * number, which the text may have written as `2.0`. Asked of the parsed JSON, before its schema.
 */
export type WholeRealsWanted = (parsed: unknown) => boolean;

/** One JSONL line: null when blank, else the validated value or the reason it is rejected. */
export function parseJsonlLine<T extends z.ZodType>(
  text: string,
  lineNumber: number,
  schema: T,
  fastPath?: FastPath<T>,
  wholeReals?: WholeRealsWanted,
): { ok: true; value: z.infer<T> } | { ok: false; message: string } | null {
  const clean = lineNumber === 1 ? text.replace(/^\uFEFF/, '') : text;
  if (clean.trim() === '') return null;
  // A host's reader marks a line whose bytes are not UTF-8 at its start, and puts a mark in place of
  // a line too long to read: say so, not a JSON error about the mark.
  const marked = clean.startsWith(NOT_UTF8_MARK) || clean.startsWith(TOO_LONG_MARK) ? markedLine(clean, lineNumber) : null;
  if (marked) return { ok: false, message: unreadLineMessage(marked) };
  // A git merge left both sides: said once, at the block's first marker; the others read as blank.
  const marker = mergeMarkerOf(clean);
  if (marker) return marker === 'begin' ? { ok: false, message: mergeConflictMessage(lineNumber, null) } : null;
  const parsed = safeJsonParse(clean);
  if (!parsed.ok) return parsed;
  // Marked on the parsed containers, which the schema's value keeps (calls are data it passes on).
  if (wholeReals) markWholeReals(clean, parsed.value, wholeReals);
  const fast = fastPath?.(parsed.value);
  if (fast) return { ok: true, value: fast };
  const result = schema.safeParse(parsed.value);
  return result.success ? { ok: true, value: result.data } : { ok: false, message: describeIssues(result.error) };
}

async function readJsonlFile<T extends z.ZodType>(
  source: DatasetSource,
  file: string,
  schema: T,
  problems: Problem[],
  required: boolean,
  fastPath?: FastPath<T>,
  wholeReals?: WholeRealsWanted,
): Promise<{ line: number; value: z.infer<T> }[]> {
  const chunks = await source.readChunks(file);
  if (!chunks) {
    if (required) problems.push({ file, line: 0, message: 'missing' });
    return [];
  }
  const rows: { line: number; value: z.infer<T> }[] = [];
  // Past the cap a bad line is counted, not kept: 4,000,000 of them held gigabytes (problem-cap.ts).
  const capped = new ChunkProblemCap<Problem & { omitted?: number }>(problems, MAX_PROBLEMS_PER_FILE, (first) => countedProblems(file, first.line, 0));
  const conflicts = new MergeConflictRanges();
  for await (const lines of splitLineBatches(chunks)) {
    for (const line of lines) {
      const row = jsonlRow(line, file, schema, capped, conflicts, fastPath, wholeReals);
      if (row) rows.push(row);
    }
  }
  const { counting } = capped;
  if (counting) Object.assign(counting, countedProblems(file, counting.line, counting.omitted!)); // its message with the final count
  return rows;
}

async function loadTasks(source: DatasetSource, scenarios: Map<string, ScenarioDef>, problems: Problem[]) {
  const tasks = new Map<string, Task>();
  const file = 'tasks.jsonl';
  let scenarioLinks: Set<string> | undefined; // listed only once a task names a scenario not loaded
  for (const { line, value } of await readJsonlFile(source, file, taskSchema, problems, true, fastTask)) {
    const task = value as Task;
    if (tasks.has(task.id)) problems.push({ file, line, message: `task id "${task.id}" repeats an earlier one; left out` });
    else if (!scenarios.has(task.scenario)) {
      scenarioLinks ??= new Set((await source.listDirLinks?.('scenarios')) ?? []);
      problems.push({ file, line, message: unloadedScenario(task, scenarioLinks) });
    } else {
      tasks.set(task.id, task);
      // Scored all the same (the clip is not scored); said here so the CLI names it as the studio's clip list does.
      if (task.video !== '' && !isDatasetRelativePath(task.video))
        problems.push({ file, line, message: `task "${task.id}": video "${task.video}" is not a path inside the dataset (no "..", no absolute path, no hidden name); the task has no clip` });
    }
  }
  // An empty file would show only as every other file's "unknown task" (a file with bad lines has them said).
  if (tasks.size === 0 && !problems.some((p) => p.file === file))
    problems.push({ file, line: 0, message: 'no task is listed here: the ground truth, annotations and runs of every task are left out' });
  return tasks;
}

/** Why a task's scenario is not there: a folder link says so, since it looks present in a file manager. */
function unloadedScenario(task: Task, scenarioLinks: Set<string>): string {
  if (!scenarioLinks.has(task.scenario)) return `task "${task.id}": unknown scenario "${task.scenario}"; left out`;
  return (
    `task "${task.id}": scenario "${task.scenario}" is a symbolic link (scenarios/${task.scenario}); the studio does not ` +
    'follow links to folders in a dataset (a link could lead outside it): copy the folder in; left out'
  );
}

async function loadGroundTruth(source: DatasetSource, tasks: Map<string, Task>, scenarios: Map<string, ScenarioDef>, problems: Problem[], wholeReals: boolean) {
  const truths = new Map<string, GroundTruth>();
  const file = 'ground_truth.jsonl';
  // Each scenario's tool names (trimmed, as calls compare them: SPEC §8.1), for every task of it.
  const toolNames = new Map([...scenarios].map(([id, scenario]) => [id, new Set(scenario.library.tools.map((tool) => trimSpace(tool.name)))]));
  for (const { line, value } of await readJsonlFile(source, file, groundTruthSchema, problems, false, fastGroundTruth, wholeReals ? callsMayHoldWholeReals : undefined)) {
    const truth = value as GroundTruth;
    const task = tasks.get(truth.task_id);
    if (!task) problems.push({ file, line, message: `unknown task "${truth.task_id}"; left out` });
    else if (truths.has(truth.task_id))
      problems.push({ file, line, message: `second ground truth for task "${truth.task_id}"; the first is kept` });
    else {
      truths.set(truth.task_id, truth);
      const unknown = unknownToolCall(truth.calls, task.scenario, toolNames);
      if (unknown) problems.push({ file, line, message: `task "${truth.task_id}": ${unknown}; kept as written: it fails when run, and only a call of the same missing tool matches it` });
    }
  }
  return truths;
}

/** The first call naming a tool its scenario does not define, said in words; null when there is none. */
function unknownToolCall(calls: readonly GroundTruth['calls'][number][], scenario: string, toolNames: ReadonlyMap<string, ReadonlySet<string>>): string | null {
  const names = toolNames.get(scenario);
  if (!names) return null;
  const index = calls.findIndex((call) => !names.has(trimSpace(call.tool_name)));
  if (index < 0) return null;
  return `call ${index + 1} names tool "${calls[index].tool_name}", which scenario "${scenario}" does not define`;
}

async function loadAnnotations(source: DatasetSource, tasks: Map<string, Task>, problems: Problem[]) {
  const annotations = new Map<string, Map<string, Annotation>>();
  const changedAfterSubmit = new Map<string, Map<string, Annotation>>();
  const files = (await source.listFiles('annotations')).filter(isAnnotationsJsonl).sort(compareCodePoints);
  for (const file of files) {
    const name = annotatorOfFile(file);
    // One problem for the file, none for its lines: they are not read.
    if (name === null) {
      problems.push({ file, line: 0, message: annotatorFileProblem(file)! });
      continue;
    }
    const read = await readAnnotationFile(source, file, tasks, problems);
    annotations.set(name, read.latest);
    if (read.changedAfterSubmit.size > 0) changedAfterSubmit.set(name, read.changedAfterSubmit);
  }
  return { annotations, changedAfterSubmit };
}

/** One annotator's file: each task's winning line, and its first submitted line where a later revision changed it. */
export interface AnnotationFile {
  latest: Map<string, Annotation>;
  changedAfterSubmit: Map<string, Annotation>;
}

export async function readAnnotationFile(source: DatasetSource, file: string, tasks: Map<string, Task>, problems: Problem[]): Promise<AnnotationFile> {
  const latest = new Map<string, Annotation>();
  const firstSubmitted = new Map<string, Annotation>();
  // The file names the annotator (SPEC §1); a line naming another is said once per file, at its first such line.
  const owner = file.slice(file.lastIndexOf('/') + 1).replace(/\.jsonl$/, '');
  let otherNames: { line: number; annotator: string; count: number } | null = null;
  for (const { line, value } of await readJsonlFile(source, file, annotationSchema, problems, false, fastAnnotation)) {
    const annotation = value as Annotation;
    if (annotation.annotator !== undefined && annotation.annotator !== owner) {
      if (otherNames) otherNames.count++;
      else otherNames = { line, annotator: annotation.annotator, count: 1 };
    }
    if (!tasks.has(annotation.task_id)) {
      problems.push({ file, line, message: `unknown task "${annotation.task_id}"; left out` });
      continue;
    }
    const previous = latest.get(annotation.task_id);
    // Highest revision wins; on a tie, the later line (SPEC §5).
    if (!previous || annotation.revision >= previous.revision) latest.set(annotation.task_id, annotation);
    // The first submit is the lowest revision submitted (revisions order a task's lines, SPEC §5; on a tie, the earlier line).
    const first = firstSubmitted.get(annotation.task_id);
    if (annotation.status === 'submitted' && (!first || annotation.revision < first.revision)) firstSubmitted.set(annotation.task_id, annotation);
  }
  if (otherNames) {
    const more = otherNames.count > 1 ? ` (${otherNames.count} lines of this file name another annotator)` : '';
    problems.push({ file, line: otherNames.line, message: `annotator "${otherNames.annotator}" is not the file's "${owner}"; the file's name counts${more}` });
  }
  return { latest, changedAfterSubmit: changedAfterSubmit(latest, firstSubmitted) };
}

/** First submitted lines that a higher revision replaced with other calls or visual references (the same content again is no change). */
function changedAfterSubmit(latest: ReadonlyMap<string, Annotation>, firstSubmitted: ReadonlyMap<string, Annotation>): Map<string, Annotation> {
  const changed = new Map<string, Annotation>();
  for (const [task, submitted] of firstSubmitted) {
    const winning = latest.get(task)!;
    const content = (a: Annotation) => JSON.stringify([a.calls, a.visual_refs]);
    if (winning.revision > submitted.revision && content(winning) !== content(submitted)) changed.set(task, submitted);
  }
  return changed;
}

/** Trajectory files of a dataset, in code-point order of their paths (SPEC §6). */
export async function listTrajectoryFiles(source: DatasetSource, dir = 'trajectories'): Promise<string[]> {
  return (await source.listFiles(dir)).filter((f) => f.endsWith('.jsonl')).sort(compareCodePoints);
}

/**
 * Parsed trajectories of one file, in line order; admission (unknown task, repeats) is separate.
 * `wholeReals`: the calls' `2.0`s are marked (whole-reals.ts; keepsWholeReals of the dataset).
 */
export async function* readTrajectories(
  chunks: AsyncIterable<string> | Iterable<string>,
  file: string,
  problems: Problem[],
  wholeReals = false,
): AsyncGenerator<Trajectory> {
  for await (const { line, value } of readJsonl(chunks, file, trajectorySchema, problems, undefined, wholeReals ? trajectoryMayHoldWholeReals : undefined)) {
    yield { ...(value as Trajectory), source: { file, line } };
  }
}

/** What is said of a trajectory whose id an earlier one has (SPEC §6), wherever the repeat is found. */
export function repeatedTrajectoryMessage(id: string): string {
  return `trajectory id "${id}" repeats an earlier one; left out`;
}

/**
 * Why a parsed trajectory is left out (SPEC §6), or null when it is admitted. `seenIds` holds the
 * ids admitted or rejected so far, in file order.
 */
export function admissionProblem(
  trajectory: Trajectory,
  dataset: Pick<LoadedDataset, 'tasks' | 'groundTruth'>,
  seenIds: Set<string>,
): string | null {
  if (seenIds.has(trajectory.id)) return repeatedTrajectoryMessage(trajectory.id);
  seenIds.add(trajectory.id);
  if (!dataset.tasks.has(trajectory.task_id)) return `trajectory "${trajectory.id}": unknown task "${trajectory.task_id}"; left out`;
  if (!dataset.groundTruth.has(trajectory.task_id))
    return `trajectory "${trajectory.id}": task "${trajectory.task_id}" has no ground truth; left out`;
  return null;
}
