// importEgobench: an EgoBench release folder -> a dataset folder (SPEC §1) scored by the
// `egobench` profile (SPEC §13). Node-only; pure conversion, no scoring.
import { lstat, realpath, writeFile } from 'node:fs/promises';
import { readRegularText } from '../regular-file';
import { isDatasetRelativePath } from '../../../shared/format/dataset-path';
import { linesOfText } from '../../../shared/format/jsonl';
import { safeJsonParse } from '../../../shared/format/safe-json';
import { markWholeReals, stringifyKeepingWholeReals } from '../../../shared/format/whole-reals';
import { makeFolders } from '../make-folders';
import { writeFileAtomic } from '../atomic-write';
import { resolveWritable } from '../safe-path';
import path from 'node:path';
import type { ToolLibrary, Trajectory } from '../../../shared/format/types';
import { FAMILIES } from './families';
import { collectTags, lintAttributeDisagreement, lintEmptyUserIds, lintStrayPrefix, lintTagSpellings, schemaTags, tasteVocabulary, type TagUse } from './lint';
import { IssueLog, listDirs, listJson, parseVariant, readReleaseJson, readReleaseTools, seededVariants, seedFor, staysInside, type ImportIssue, type ReleaseTool, type VariantRef } from './release';
import { convertTasks, type ImportedTask } from './tasks';
import { buildToolLibrary } from './tool-library';
import { driftNotes, groundTruthNotes } from './official-notes';
import { convertResultFile, parseResultFileName } from './trajectories';

export const ATTRIBUTION = 'EgoBench authors, repository Wind-Flipped/EgoBench, CC BY 4.0';

export interface ImportOptions {
  /** Dataset id and name written to dataset.json (default: `egobench`). */
  id?: string;
  name?: string;
  /**
   * More folders laid out like the release's `results/` (`<model>/<variant>_<mode>.json`), read
   * after it: result files kept apart from the release (e.g. ../shared/egobench/oracle/results).
   */
  results?: string[];
  /**
   * Write only the trajectory files of the `results` folders (not the release's own results/), into the existing dataset at the output folder
   * (its tasks, ground truth and everything else untouched): a lab adding its agent's runs to a
   * dataset it has extended. A trajectory file already there is refused unless `replace`.
   */
  trajectoriesOnly?: boolean;
  /** Write over what the output folder holds (an earlier import). */
  replace?: boolean;
}

/** The import would lose work in the output folder: nothing was written. */
export class ImportRefused extends Error {}

export interface ImportSummary {
  scenarios: string[];
  tasks: number;
  trajectories: number;
  models: string[];
  modes: string[];
  /** Clip paths the tasks name (relative to the dataset); the release ships no videos. */
  videos: string[];
}

export interface ImportResult {
  warnings: ImportIssue[];
  /** Where the release's own tools treat its ground truth oddly (kept as the official scripts do). */
  notes: ImportIssue[];
  /** Tasks whose shipped official eval figures differ from this profile's scoring. */
  drift: ImportIssue[];
  problems: ImportIssue[];
  summary: ImportSummary;
}

/** JSONL of records built around the release's values: a whole float the release wrote (`2.0`) is written so (whole-reals.ts). */
const jsonl = (records: unknown[]): string => records.map((r) => stringifyKeepingWholeReals(r, { deep: true })).join('\n') + (records.length ? '\n' : '');

interface FamilyRelease {
  tools: ReleaseTool[];
  toolsRaw: unknown;
  init: Record<string, unknown>;
}

async function readFamilies(releaseDir: string, log: IssueLog, wanted: Set<string>): Promise<Map<string, FamilyRelease>> {
  const out = new Map<string, FamilyRelease>();
  const toolFiles = new Set(await listJson(path.join(releaseDir, 'tools')));
  const initFiles = new Set(await listJson(path.join(releaseDir, 'init')));
  for (const family of wanted) {
    const toolsFile = `tools/${family}_tools.json`;
    const initFile = `init/${family}_init.json`;
    if (!toolFiles.has(`${family}_tools.json`) || !initFiles.has(`${family}_init.json`)) {
      log.problem(toolsFile, `scenario "${family}" needs ${toolsFile} and ${initFile}; its tasks are left out`);
      continue;
    }
    if (!FAMILIES.has(family)) {
      log.problem(toolsFile, `scenario "${family}": this importer does not know its tools' behaviour; left out`);
      continue;
    }
    const toolsRaw = await readReleaseJson(releaseDir, toolsFile, log);
    const init = await readReleaseJson(releaseDir, initFile, log);
    if (toolsRaw === undefined || !init || typeof init !== 'object') continue;
    out.set(family, { tools: readReleaseTools(toolsRaw, toolsFile, log), toolsRaw, init: init as Record<string, unknown> });
  }
  return out;
}

export async function importEgobench(releaseDir: string, outDir: string, opts: ImportOptions = {}): Promise<ImportResult> {
  // Files are kept until the refusals below have had their say: a refused import writes nothing.
  const staged = new Map<string, string>();
  const put = (relative: string, text: string) => void staged.set(relative, text);
  /** Writes the staged files (into an existing dataset, each whole or not at all). */
  const writeStaged = () => writeInto(outDir, [...staged], opts.replace === true || opts.trajectoriesOnly === true);
  const log = new IssueLog();
  const warnings: Array<{ file: string; line: number; taskId: string; message: string }> = [];
  /** Where each task is in the release's task files: warnings and notes about it name that line. */
  const taskLines = new Map<string, { file: string; line: number }>();

  // Variants: every task file, plus numbered seeds without a task file.
  const taskFiles = await listJson(path.join(releaseDir, 'tasks'));
  const taskVariants = taskFiles.map((f) => parseVariant(f.replace(/\.json$/, ''))).filter((v): v is VariantRef => v !== null);
  const familyNames = new Set([...taskVariants.map((v) => v.family), ...(await listJson(path.join(releaseDir, 'init'))).map((f) => f.replace(/_init\.json$/, ''))]);
  const families = await readFamilies(releaseDir, log, familyNames);
  const variants = new Map<string, VariantRef>();
  for (const v of taskVariants) if (families.has(v.family)) variants.set(v.variant, v);
  for (const [family, release] of families) {
    for (const n of seededVariants(family, release.init)) variants.set(`${family}${n}`, { family, number: n, variant: `${family}${n}` });
  }

  const scenarios: string[] = [];
  const libraries = new Map<string, ToolLibrary>();
  const tasksByVariant = new Map<string, ImportedTask[]>();
  const tagUses: TagUse[] = [];
  for (const [family, release] of families) {
    collectTags(release.init, (tag) => tagUses.push({ tag, source: `init/${family}_init.json` }));
    schemaTags(release.toolsRaw, (tag) => tagUses.push({ tag, source: `tools/${family}_tools.json` }));
  }

  for (const ref of [...variants.values()].sort((a, b) => a.family.localeCompare(b.family) || a.number - b.number)) {
    const family = FAMILIES.get(ref.family)!;
    const release = families.get(ref.family)!;
    const seed = seedFor(release.init, ref);
    if (!seed) {
      log.problem(`init/${ref.family}_init.json`, `no seed data for ${ref.variant} (${ref.family}_init_data${ref.number} or ${ref.family}_init_data); left out`);
      continue;
    }
    // Variants of a scenario share its tools: built (and its warnings logged) once.
    const library = libraries.get(ref.family) ?? buildToolLibrary(family, release.tools, `tools/${ref.family}_tools.json`, log);
    libraries.set(ref.family, library);
    // Runs added to a dataset leave its scenarios as the lab has them.
    if (!opts.trajectoriesOnly) {
      const dir = `scenarios/${ref.variant}`;
      put(`${dir}/schema.sql`, family.schemaSql);
      put(`${dir}/data.sql`, family.dataSql(seed));
      put(`${dir}/tools.json`, JSON.stringify(library, null, 2) + '\n');
    }
    scenarios.push(ref.variant);

    const taskFile = `tasks/${ref.variant}.json`;
    if (!taskFiles.includes(`${ref.variant}.json`)) continue;
    const raw = await readReleaseJson(releaseDir, taskFile, log);
    const restaurant = family.officialRestaurants?.[ref.number];
    // Unread (a syntax error, a link out: its problem said): no tasks, and no second problem about its shape.
    const tasks = raw === undefined ? [] : convertTasks(ref, raw, taskFile, log, restaurant ? { restaurant } : {});
    tasksByVariant.set(ref.variant, tasks);
    const vocabulary = tasteVocabulary(release.toolsRaw);
    for (const t of tasks) {
      const instruction = String(t.raw.Instruction ?? t.raw.instruction ?? '');
      const found = [
        ...lintStrayPrefix(t.task.id, instruction),
        ...lintEmptyUserIds(t.task.id, t.groundTruth.calls),
        ...lintAttributeDisagreement(t.task.id, instruction, String(t.raw.analysis ?? ''), vocabulary),
      ];
      for (const w of found) warnings.push({ file: taskFile, line: t.line, ...w });
      taskLines.set(t.task.id, { file: taskFile, line: t.line });
      collectTags(t.groundTruth.calls.map((c) => c.parameters), (tag) => tagUses.push({ tag, taskId: t.task.id, source: taskFile }));
    }
  }
  for (const w of lintTagSpellings(tagUses)) warnings.push({ ...(w.taskId ? (taskLines.get(w.taskId) ?? { file: '', line: 0 }) : { file: '', line: 0 }), ...w });

  // Results: results/<model>/<variant>_<mode>.json, paired by position with the variant's tasks.
  const trajectories: Array<{ file: string; records: Trajectory[] }> = [];
  const models = new Set<string>();
  const modes = new Set<string>();
  // Adding runs to a dataset takes the given folders' only: the release's own are in it since its import.
  // The release's results/ is read only when it stays inside the release, as its task files are
  // (the files below it are checked against results/ itself, so a link out would carry them along).
  const ownResults = opts.trajectoriesOnly || !(await resultsInside(releaseDir, log)) ? [] : [{ dir: path.join(releaseDir, 'results'), label: 'results' }];
  const resultRoots = [...ownResults, ...(opts.results ?? []).map((dir) => ({ dir, label: dir }))];
  const resultFiles: Array<{ root: string; model: string; fileName: string; file: string }> = [];
  for (const root of resultRoots) {
    const links: string[] = [];
    for (const model of await listDirs(root.dir, links)) {
      // Its runs go to trajectories/<model>/: a name no dataset path can hold (a backslash) is said, its runs left out.
      if (!isDatasetRelativePath(`trajectories/${model}`)) {
        log.problem(`${root.label}/${model}`, 'a model folder whose name cannot be a folder of the dataset (a backslash, or too long): its results are left out; rename the folder');
        continue;
      }
      for (const fileName of await listJson(path.join(root.dir, model))) resultFiles.push({ root: root.dir, model, fileName, file: `${root.label}/${model}/${fileName}` });
    }
    for (const link of links.sort())
      log.problem(`${root.label}/${link}`, 'a symbolic link to a folder: not followed (a link could lead outside the release); copy the folder in; its results are left out');
  }
  for (const { root, model, fileName, file } of resultFiles) {
    const parsed = parseResultFileName(fileName);
    const tasks = parsed ? tasksByVariant.get(parsed.variant) : undefined;
    if (!parsed || !tasks) {
      // A task file there whose scenario was left out (its tools or seed missing or unread): that is why.
      const family = parsed && taskFiles.includes(`${parsed.variant}.json`) ? parseVariant(parsed.variant)?.family : undefined;
      log.problem(
        file,
        !parsed
          ? 'file name is not <variant>_<easy|hard|static|text>.json; left out'
          : family !== undefined
            ? `the scenario of variant "${parsed.variant}" was left out (a problem at tools/${family}_tools.json or init/${family}_init.json says why); left out`
            : `no task file for variant "${parsed.variant}"; left out`,
      );
      continue;
    }
    if (tasks.length === 0) {
      // Its task file was refused (a problem of its own): nothing to pair the runs with.
      log.problem(file, `no task of variant "${parsed.variant}" was read from tasks/${parsed.variant}.json; left out`);
      continue;
    }
    const raw = await readReleaseJson(root, `${model}/${fileName}`, log, file);
    if (raw === undefined) continue;
    const records = convertResultFile(model, fileName, raw, tasks, file, log);
    if (records.length === 0) continue;
    models.add(model);
    records.forEach((r) => modes.add(r.mode));
    trajectories.push({ file: `trajectories/${model}/${fileName.replace(/\.json$/, '.jsonl')}`, records });
  }

  const allTasks = [...tasksByVariant.values()].flat();
  if (opts.trajectoriesOnly) {
    await refuseKeptTrajectories(outDir, trajectories.map((t) => t.file), opts.replace === true);
    // Its runs only: the dataset's scenarios, tasks and ground truth stay as the lab has them.
    for (const { file, records } of trajectories) put(file, jsonl(records));
    await writeStaged();
    return {
      warnings: log.warnings,
      notes: [],
      drift: await driftNotes(outDir, releaseDir, trajectories.map((t) => t.file)),
      problems: [...log.problems, ...(await unknownTaskProblems(outDir, trajectories))],
      summary: { scenarios, tasks: 0, trajectories: trajectories.reduce((n, t) => n + t.records.length, 0), models: [...models].sort(), modes: [...modes].sort(), videos: [] },
    };
  }
  if (opts.replace) await refuseLostWork(outDir, allTasks);
  const meta = {
    id: opts.id ?? 'egobench',
    name: opts.name ?? 'EgoBench (imported release)',
    version: '1',
    modes: modes.size ? [...modes].sort() : ['dynamic_easy', 'dynamic_hard', 'static'],
    profile: 'egobench',
    attribution: ATTRIBUTION,
  };
  put('dataset.json', JSON.stringify(meta, null, 2) + '\n');
  put('tasks.jsonl', jsonl(allTasks.map((t) => t.task)));
  put('ground_truth.jsonl', jsonl(allTasks.map((t) => t.groundTruth)));
  for (const { file, records } of trajectories) put(file, jsonl(records));
  put('README.md', `# ${meta.name}\n\nImported from an EgoBench release. Data: ${ATTRIBUTION}.\nThe release ships no videos; put the clips named in tasks.jsonl under videos/.\n`);
  await writeStaged();
  await makeFolders(path.join(await realpath(outDir), 'videos'));
  // The release's odd behaviour on its own ground truth, and drift from shipped official eval files: said, not changed.
  const notes = await groundTruthNotes(outDir, (taskId) => taskLines.get(taskId)?.line ?? 0);
  const drift = await driftNotes(outDir, releaseDir, trajectories.map((t) => t.file));

  return {
    warnings: [...log.warnings, ...warnings.map((w) => ({ file: w.file, line: w.line, message: w.taskId ? `${w.taskId}: ${w.message}` : w.message }))],
    notes,
    drift,
    problems: log.problems,
    summary: {
      scenarios,
      tasks: allTasks.length,
      trajectories: trajectories.reduce((n, t) => n + t.records.length, 0),
      models: [...models].sort(),
      modes: [...modes].sort(),
      videos: [...new Set(allTasks.map((t) => t.task.video).filter(Boolean))].sort(),
    },
  };
}

/**
 * Writes `files` (dataset-relative path, text) into `outDir`. Every file goes where the dataset
 * folder really is: --replace writes over an earlier dataset, which may hold links (tasks.jsonl,
 * scenarios/) leading elsewhere; they are refused, not followed. `inPlace` (an existing dataset):
 * each file is written whole or not at all, so a crash midway leaves no half-written file a reader
 * would take for the dataset's (a new dataset is written in a hidden folder and renamed: new-folder.ts).
 */
async function writeInto(outDir: string, files: Array<[string, string]>, inPlace: boolean): Promise<void> {
  await makeFolders(outDir);
  const root = await realpath(outDir);
  for (const [relative, text] of files) {
    const target = await resolveWritable(root, relative);
    if (inPlace) await writeFileAtomic(target, text);
    else {
      await makeFolders(path.dirname(target));
      await writeFile(target, text);
    }
  }
}

/** Whether the release's results/ (when there) really is inside the release; a link leading out is a problem. */
async function resultsInside(releaseDir: string, log: IssueLog): Promise<boolean> {
  const [root, results] = await Promise.all([realpath(releaseDir), realpath(path.join(releaseDir, 'results')).catch(() => null)]);
  if (results === null || staysInside(path.relative(root, results))) return true;
  log.problem('results', 'a link leading outside the release: not followed; copy the folder in; its results are left out');
  return false;
}

/** A regular file's text (a FIFO is refused, not waited on), or null when there is none. */
const readIfThere = (file: string): Promise<string | null> =>
  readRegularText(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });

const exists = (file: string): Promise<boolean> =>
  lstat(file).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );

/** JSON text with object keys sorted, so two lines of the same content compare equal (a `1.0` written so: it scores apart from `1`). */
const stableJson = (value: unknown): string => stringifyKeepingWholeReals(value, { sortKeys: true });

/** The JSON lines of a file by the id they hold under `key` (the first of a repeated id); lines that are no such object are no concern here. */
function linesById(text: string | null, key: 'id' | 'task_id'): Map<string, unknown> {
  const lines = new Map<string, unknown>();
  for (const line of linesOfText(text ?? '')) {
    const parsed = line.kind === 'line' ? safeJsonParse(line.text) : null;
    const value = parsed?.ok ? (parsed.value as Record<string, unknown> | null) : null;
    if (value && line.kind === 'line') markWholeReals(line.text, value);
    const id = value && typeof value === 'object' ? value[key] : undefined;
    if (typeof id === 'string' && !lines.has(id)) lines.set(id, value);
  }
  return lines;
}

const named = (ids: string[]) => `${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ` and ${ids.length - 5} more` : ''}`;

/**
 * A --replace that would drop tasks the release does not have, or ground-truth lines that differ
 * from the release's (added or adjudicated since the earlier import), is refused before anything is written.
 */
async function refuseLostWork(outDir: string, imported: ImportedTask[]): Promise<void> {
  const tasks = linesById(await readIfThere(path.join(outDir, 'tasks.jsonl')), 'id');
  const truths = linesById(await readIfThere(path.join(outDir, 'ground_truth.jsonl')), 'task_id');
  const release = new Map(imported.map((t) => [t.task.id, t]));
  const extraTasks = [...tasks.keys()].filter((id) => !release.has(id));
  const changedTruths = [...truths].filter(([id, line]) => !release.has(id) || stableJson(line) !== stableJson(release.get(id)!.groundTruth)).map(([id]) => id);
  if (extraTasks.length === 0 && changedTruths.length === 0) return;
  const lost = [
    extraTasks.length > 0 ? `${extraTasks.length} task(s) the release does not have (${named(extraTasks)})` : '',
    changedTruths.length > 0 ? `${changedTruths.length} ground-truth line(s) that differ from the release's (${named(changedTruths)})` : '',
  ].filter(Boolean);
  throw new ImportRefused(
    `--replace would drop ${lost.join(' and ')} in ${outDir}; nothing was written. To add result files to that dataset, use --trajectories-only; to start over, import into a new folder`,
  );
}

/** Trajectory files the import would write over, refused (nothing written) unless --replace. */
async function refuseKeptTrajectories(outDir: string, files: string[], replace: boolean): Promise<void> {
  if (!(await exists(path.join(outDir, 'dataset.json')))) throw new ImportRefused(`${outDir} holds no dataset.json: --trajectories-only adds runs to a dataset`);
  if (replace) return;
  const there = (await Promise.all(files.map(async (file) => ((await exists(path.join(outDir, file))) ? file : null)))).filter((f): f is string => f !== null);
  if (there.length > 0) throw new ImportRefused(`${there.length} trajectory file(s) are already in ${outDir} (${named(there)}); nothing was written. Add --replace to write over them`);
}

/** Runs written into a dataset whose tasks.jsonl lacks their task: said at their file (evaluate would leave them out). */
async function unknownTaskProblems(outDir: string, written: Array<{ file: string; records: Trajectory[] }>): Promise<ImportIssue[]> {
  const tasks = linesById(await readIfThere(path.join(outDir, 'tasks.jsonl')), 'id');
  return written.flatMap(({ file, records }) => {
    const unknown = [...new Set(records.map((r) => r.task_id).filter((id) => !tasks.has(id)))];
    return unknown.length > 0 ? [{ file, line: 0, message: `${unknown.length} task(s) of these runs are not in the dataset's tasks.jsonl (${named(unknown)}): evaluate leaves their runs out` }] : [];
  });
}
