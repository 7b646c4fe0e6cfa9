// Reading an EgoBench release folder (egobench/README.md): task files per variant, tool schemas
// and seed data per scenario, result files per model. Node-only.
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { isHiddenName } from '../../../shared/format/dataset-path';
import { lineOfPath, parseJsonFile, type JsonFile } from '../../../shared/format/json-file';
import { markWholeReals } from '../../../shared/format/whole-reals';
import { firstNonUtf8Line } from '../../../shared/format/jsonl';
import type { Problem } from '../../../shared/format/types';
import { readRegularText } from '../regular-file';

export interface ImportIssue {
  file: string;
  line: number;
  message: string;
}

/** Problems and warnings gathered while importing; files are relative to the release folder. */
export class IssueLog {
  readonly warnings: ImportIssue[] = [];
  readonly problems: ImportIssue[] = [];
  /** The JSON files read, by label, so an issue can name the line of a value in one. */
  private readonly documents = new Map<string, JsonFile>();
  warn(file: string, message: string, line = 0): void {
    this.warnings.push({ file, line, message });
  }
  problem(file: string, message: string, line = 0): void {
    this.problems.push({ file, line, message });
  }
  remember(doc: JsonFile): void {
    this.documents.set(doc.file, doc);
  }
  /** The line of the value at `at` (keys and indexes) in a file read by readReleaseJson, or of its nearest ancestor; 0 for a file not read so. */
  lineOf(file: string, at: readonly (string | number)[]): number {
    const doc = this.documents.get(file);
    return doc ? lineOfPath(doc, at) : 0;
  }
}

/** `retail3.json` -> {family: 'retail', number: 3, variant: 'retail3'} */
export interface VariantRef {
  family: string;
  number: number;
  variant: string;
}

export function parseVariant(name: string): VariantRef | null {
  const m = /^([a-z_]+?)(\d+)$/i.exec(name);
  return m ? { family: m[1], number: Number(m[2]), variant: name } : null;
}

export async function listJson(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    // Links too: readReleaseJson reads one only when it stays inside its folder, and says so otherwise.
    return entries.filter((e) => !isHiddenName(e.name) && (e.isFile() || e.isSymbolicLink()) && e.name.endsWith('.json')).map((e) => e.name).sort();
  } catch {
    return [];
  }
}

/** The folders in `dir`; links to folders (never followed: one could lead anywhere) go to `folderLinks`, when given, to be said. */
export async function listDirs(dir: string, folderLinks?: string[]): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    // Hidden folders (.ipynb_checkpoints, .git) are no model's results: not a dataset's names either.
    const shown = entries.filter((e) => !isHiddenName(e.name));
    for (const link of shown.filter((e) => e.isSymbolicLink())) if ((await stat(path.join(dir, link.name)).catch(() => null))?.isDirectory()) folderLinks?.push(link.name);
    return shown.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  } catch {
    return [];
  }
}

/** Whether `relative` (a path.relative result) stays inside its base: not `..` nor `../x`, nor absolute (`..x` is a name). */
export function staysInside(relative: string): boolean {
  return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/**
 * The text of a file of the release (somebody else's folder): a link leading out of it is not
 * followed, and only regular files are read (a FIFO would block the import).
 */
export async function readReleaseText(releaseDir: string, relative: string): Promise<string> {
  const [root, file] = await Promise.all([realpath(releaseDir), realpath(path.join(releaseDir, relative))]);
  if (!staysInside(path.relative(root, file))) throw new Error(OUTSIDE);
  return readRegularText(file);
}

const OUTSIDE = 'a link leading outside its folder: not read';

/** The real path of `folder`, or of its nearest existing ancestor with the rest appended (a folder to be made). */
async function realOrPlanned(folder: string): Promise<string> {
  const absolute = path.resolve(folder);
  try {
    return await realpath(absolute);
  } catch {
    const parent = path.dirname(absolute);
    return parent === absolute ? absolute : path.join(await realOrPlanned(parent), path.basename(absolute));
  }
}

/** Whether the dataset folder `out` is the release or inside it (links followed): the import must not write there. */
export async function isInsideRelease(release: string, out: string): Promise<boolean> {
  const [root, target] = await Promise.all([realOrPlanned(release), realOrPlanned(out)]);
  const relative = path.relative(root, target);
  return relative === '' || staysInside(relative);
}

/** The parsed JSON of a release file, or undefined with a problem logged. */
export async function readReleaseJson(releaseDir: string, relative: string, log: IssueLog, label = relative): Promise<unknown> {
  let text: string;
  try {
    text = await readReleaseText(releaseDir, relative);
  } catch (error) {
    const message = (error as Error).message;
    log.problem(label, message === OUTSIDE ? OUTSIDE : `cannot read: ${message}`);
    return undefined;
  }
  // Said as the dataset loader says it, at its line (it read as a JSON syntax error).
  const notUtf8 = firstNonUtf8Line(text);
  if (notUtf8 > 0) {
    log.problem(label, 'not read: not UTF-8 (every file is, SPEC §1): bytes of this line are not', notUtf8);
    return undefined;
  }
  // With positions for the issues found later (an element's line), and a syntax error's line.
  const problems: Problem[] = [];
  const parsed = parseJsonFile(label, text, problems);
  for (const p of problems) log.problem(label, p.message, p.line);
  if (!parsed) return undefined;
  log.remember(parsed.doc);
  // A call's `2.0` stays a float in the dataset written (index.ts writes lines keeping it).
  markWholeReals(text, parsed.value);
  return parsed.value;
}

/** A release tool schema entry, either `{type: "function", function: {...}}` or the bare function. */
export interface ReleaseTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  /** Its position in the file (for the line of an issue about it). */
  index?: number;
}

export function readReleaseTools(raw: unknown, file: string, log: IssueLog): ReleaseTool[] {
  if (!Array.isArray(raw)) {
    log.problem(file, 'expected a JSON array of tool schemas');
    return [];
  }
  const tools: ReleaseTool[] = [];
  raw.forEach((entry, index) => {
    const fn = (entry && typeof entry === 'object' && 'function' in entry ? (entry as { function: unknown }).function : entry) as Record<string, unknown> | null;
    const name = fn && (typeof fn.tool_name === 'string' ? fn.tool_name : typeof fn.name === 'string' ? fn.name : undefined);
    if (!fn || !name) {
      log.problem(file, `tool ${index + 1} has no tool_name`, log.lineOf(file, [index]));
      return;
    }
    const parameters = fn.parameters && typeof fn.parameters === 'object' ? (fn.parameters as Record<string, unknown>) : { type: 'object', properties: {} };
    tools.push({ name: name.trim(), description: typeof fn.description === 'string' ? fn.description : '', parameters, index });
  });
  return tools;
}

/** Seed object of a variant: `S_init_dataN`, else the scenario's single `S_init_data`. */
export function seedFor(init: Record<string, unknown>, ref: VariantRef): Record<string, unknown> | undefined {
  const numbered = init[`${ref.family}_init_data${ref.number}`];
  const shared = init[`${ref.family}_init_data`];
  const seed = numbered ?? shared;
  return seed && typeof seed === 'object' ? (seed as Record<string, unknown>) : undefined;
}

/** Variants named by numbered seed keys (`retail_init_data6`), so variants without tasks still get a scenario. */
export function seededVariants(family: string, init: Record<string, unknown>): number[] {
  const prefix = `${family}_init_data`;
  return Object.keys(init)
    .filter((k) => k.startsWith(prefix) && /^\d+$/.test(k.slice(prefix.length)))
    .map((k) => Number(k.slice(prefix.length)));
}
