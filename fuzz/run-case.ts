// Runs one fuzz case through the real entry points, in this process: the dataset loader and
// evaluateFolder for a folder, egostudio's main() for a command line. Returns what went wrong.
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadDataset } from '../shared/format/loader';
import type { Problem } from '../shared/format/types';
// '.js': the import names egostudio.ts, not the launcher egostudio.mjs beside it (Vite tries .mjs first).
import { main } from '../src-main/cli/egostudio.js';
import { nodeDatasetSource } from '../src-main/services/evaluation/node-source';
import { evaluateFolder } from '../src-main/services/evaluation/run-evaluation';
import { baseFiles, type Entry, type FuzzCase } from './cases';

export interface CaseResult {
  /** An exception that escaped, or a stack printed by the CLI. */
  crash?: string;
  /** Problems without a file, or with a line the file does not have. */
  unlocated: Problem[];
}

async function writeEntry(root: string, outside: string, file: string, entry: Entry): Promise<void> {
  const full = path.join(root, file);
  await rm(full, { recursive: true, force: true });
  if (entry.kind === 'missing') return;
  await mkdir(path.dirname(full), { recursive: true });
  if (entry.kind === 'text') await writeFile(full, entry.text);
  else if (entry.kind === 'bytes') await writeFile(full, Uint8Array.from(entry.bytes));
  else if (entry.kind === 'dir') await mkdir(full);
  else if (entry.kind === 'fifo') execFileSync('mkfifo', [full]);
  else {
    const target = { outside, inside: path.join(root, 'tasks.jsonl'), dangling: path.join(root, 'no-such-file'), self: full, root: '/' }[entry.target];
    await symlink(target, full);
  }
}

/** Writes the case's dataset folder under dir: the base files, then the case's entries. */
export async function writeCaseFolder(dir: string, entries: Record<string, Entry>): Promise<string> {
  const root = path.join(dir, 'dataset');
  const outside = path.join(dir, 'outside.jsonl');
  await writeFile(outside, '{"id": "stolen", "task_id": "t1", "model": "outside", "mode": "static", "tool_calls": []}\n');
  for (const [file, text] of Object.entries(baseFiles())) await writeEntry(root, outside, file, { kind: 'text', text });
  for (const [file, entry] of Object.entries(entries)) await writeEntry(root, outside, file, entry);
  return root;
}

/** Lines in a regular file (as editors count them), or null when it is not one. */
async function lineCount(file: string): Promise<number | null> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  const text = await readFile(file, 'utf8');
  return text.split('\n').length;
}

/** Problems that do not say where: no file, a line that is not a whole number, or past the file's end. */
async function unlocatedProblems(root: string, problems: readonly Problem[]): Promise<Problem[]> {
  const bad: Problem[] = [];
  const counted = new Map<string, Promise<number | null>>(); // a file may have thousands of problems
  for (const p of problems) {
    if (typeof p.file !== 'string' || p.file === '' || !Number.isInteger(p.line) || p.line < 0 || typeof p.message !== 'string' || p.message === '') {
      bad.push(p);
      continue;
    }
    const file = path.isAbsolute(p.file) ? p.file : path.join(root, p.file);
    if (!counted.has(file)) counted.set(file, lineCount(file));
    const lines = await counted.get(file)!;
    if (lines !== null && p.line > lines) bad.push(p);
  }
  return bad;
}

const describeError = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

async function runFolder(root: string, evaluate: boolean): Promise<CaseResult> {
  try {
    const loaded = await loadDataset(nodeDatasetSource(root));
    const scored = evaluate ? (await evaluateFolder(root, { workers: 0 })).report.problems : [];
    return { unlocated: await unlocatedProblems(root, [...loaded.problems, ...scored]) };
  } catch (error) {
    return { crash: describeError(error), unlocated: [] };
  }
}

/** egostudio's output while a case runs; the fuzzer prints only its summary. */
async function captureOutput<T>(work: () => Promise<T>): Promise<{ value: T; stderr: string }> {
  const { stdout, stderr } = process;
  const originals = { out: stdout.write, err: stderr.write };
  let errText = '';
  stdout.write = (() => true) as typeof stdout.write;
  stderr.write = ((chunk: string | Uint8Array) => {
    errText += String(chunk);
    return true;
  }) as typeof stderr.write;
  try {
    return { value: await work(), stderr: errText };
  } finally {
    stdout.write = originals.out;
    stderr.write = originals.err;
  }
}

async function runCli(dir: string, root: string, argv: string[]): Promise<CaseResult> {
  const out = path.join(dir, 'out');
  await mkdir(out, { recursive: true });
  const args = argv.map((a) => a.replaceAll('{dataset}', root).replaceAll('{out}', out));
  const debug = process.env.EGOSTUDIO_DEBUG;
  process.env.EGOSTUDIO_DEBUG = '1'; // an unforeseen error then prints its stack: that is a crash
  try {
    const { value: code, stderr } = await captureOutput(() => main(args));
    if (![0, 1, 2].includes(code)) return { crash: `exit code ${code}: ${stderr}`, unlocated: [] };
    if (/^\s+at /m.test(stderr)) return { crash: stderr, unlocated: [] };
    // printProblems writes `  file:line: message`; an empty file name shows as `  :line:`.
    const withoutFile = stderr.split('\n').filter((l) => /^ {2}:\d*: /.test(l));
    const json = await readFile(path.join(out, 'report.json'), 'utf8').catch(() => null);
    const problems = json ? ((JSON.parse(json) as { problems?: Problem[] }).problems ?? []) : [];
    const unlocated = await unlocatedProblems(root, problems);
    return { unlocated: [...unlocated, ...withoutFile.map((line) => ({ file: '', line: 0, message: line }))] };
  } catch (error) {
    return { crash: describeError(error), unlocated: [] };
  } finally {
    if (debug === undefined) delete process.env.EGOSTUDIO_DEBUG;
    else process.env.EGOSTUDIO_DEBUG = debug;
  }
}

/** Runs a case in its own folder under dir (created and removed here). */
export async function runCase(dir: string, fuzzCase: FuzzCase): Promise<CaseResult> {
  await mkdir(dir, { recursive: true });
  try {
    const root = await writeCaseFolder(dir, fuzzCase.entries);
    return fuzzCase.type === 'folder' ? await runFolder(root, fuzzCase.evaluate) : await runCli(dir, root, fuzzCase.argv);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
