/// <reference lib="webworker" />
// The evaluation Web Worker: loads the open dataset through the main thread, runs sql.js
// (WebAssembly) and scores every trajectory (SPEC §6-§9) in slices, posting rows and progress
// between them so replay and search requests are answered while it works.
import initSqlJs from 'sql.js';
import wasmUrl from 'sql.js/dist/sql-wasm.wasm?url';
import type { ScenarioEngine } from '../../../shared/engine/types';
import { engineProvider } from '../../../shared/eval/engine-provider';
import { profileOf, scoreTrajectory, type EngineProvider } from '../../../shared/eval/evaluate';
import type { ScoringProfile } from '../../../shared/eval/profile';
import { compareCodePoints } from '../../../shared/format/codepoint';
import { linesOfText } from '../../../shared/format/jsonl';
import { listTrajectoryFiles, loadDataset, parseJsonlLine, type LoadedDataset } from '../../../shared/format/loader';
import { trajectorySchema } from '../../../shared/format/schemas';
import type { Problem, Trajectory } from '../../../shared/format/types';
import type { FromWorker, ImportedFile, ToWorker, TrajectoryRow } from './protocol';
import { replayDetail } from './replayDetail';
import { RemoteSource } from './remoteSource';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: FromWorker) => scope.postMessage(message);

interface Loaded {
  dataset: LoadedDataset;
  engines: EngineProvider & { closeAll(): void };
  profile: ScoringProfile;
  profileId: 'paper' | 'egobench';
}

/** What is kept per admitted trajectory: its line (for replay) and its dialogue (for search). */
interface Stored {
  text: string;
  file: string;
  line: number;
  row: TrajectoryRow;
  dialogue: string;
}

const source = new RemoteSource('studio', (message) => post(message));
let loaded: Promise<Loaded> | null = null;
const stored = new Map<string, Stored>();
const seenIds = new Set<string>();
/** Work is serialised: the dataset's files, then each import, in order. */
let queue: Promise<void> = Promise.resolve();
let progress = { done: 0, total: 0 };

scope.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  switch (message.type) {
    case 'read-reply':
      source.reply(message);
      break;
    case 'open':
      loaded = open();
      queue = queue.then(() => evaluateDataset()).catch(fail);
      break;
    case 'import':
      queue = queue.then(() => evaluateImports(message.files)).catch(fail);
      break;
    case 'replay':
      void answerReplay(message.requestId, message.id);
      break;
    case 'search':
      post({ type: 'search', requestId: message.requestId, ids: search(message.query) });
      break;
  }
};

function fail(error: unknown): void {
  post({ type: 'status', status: 'error', message: (error as Error).message ?? String(error) });
}

async function open(): Promise<Loaded> {
  post({ type: 'status', status: 'loading' });
  const [dataset, SQL] = await Promise.all([loadDataset(source), initSqlJs({ locateFile: () => wasmUrl })]);
  const engineProblems: Problem[] = [];
  const engines = engineProvider(SQL, dataset, engineProblems);
  for (const id of dataset.scenarios.keys()) engines(id); // a broken seed is reported up front
  const { profile, labels } = profileOf(dataset);
  post({ type: 'meta', profile: profile.id, labels: [...labels] });
  post({ type: 'problems', problems: [...dataset.problems, ...engineProblems] });
  return { dataset, engines, profile, profileId: profile.id };
}

async function evaluateDataset(): Promise<void> {
  await loaded;
  const files = await listTrajectoryFiles(source);
  const texts: ImportedFile[] = [];
  for (const file of files) {
    const text = await source.readText(file);
    if (text !== null) texts.push({ name: file, text });
  }
  await evaluateFiles(texts, false);
}

async function evaluateImports(files: ImportedFile[]): Promise<void> {
  await evaluateFiles(
    [...files].sort((a, b) => compareCodePoints(a.name, b.name)),
    true,
  );
}

function lineCount(text: string): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

const SLICE_MS = 40;

async function evaluateFiles(files: ImportedFile[], imported: boolean): Promise<void> {
  const { dataset, engines, profile } = await loaded!;
  post({ type: 'status', status: 'evaluating' });
  progress = { done: progress.done, total: progress.total + files.reduce((s, f) => s + lineCount(f.text), 0) };
  post({ type: 'progress', ...progress });
  let rows: TrajectoryRow[] = [];
  let problems: Problem[] = [];
  let sliceStart = performance.now();
  const flush = async () => {
    if (rows.length > 0) post({ type: 'rows', rows });
    if (problems.length > 0) post({ type: 'problems', problems });
    post({ type: 'progress', ...progress });
    rows = [];
    problems = [];
    await new Promise((resolve) => setTimeout(resolve, 0)); // let replay and search requests in
    sliceStart = performance.now();
  };
  for (const { name: file, text: fileText } of files) {
    for await (const line of linesOfText(fileText)) {
      progress.done++;
      if (line.kind === 'too-long') {
        problems.push({ file, line: line.lineNumber, message: `line of ${line.length} characters exceeds the limit; skipped` });
        continue;
      }
      const parsed = parseJsonlLine(line.text, line.lineNumber, trajectorySchema);
      if (parsed === null) continue;
      if (!parsed.ok) {
        problems.push({ file, line: line.lineNumber, message: parsed.message });
        continue;
      }
      const trajectory: Trajectory = { ...(parsed.value as Trajectory), source: { file, line: line.lineNumber } };
      if (seenIds.has(trajectory.id)) {
        problems.push({ file, line: line.lineNumber, message: `trajectory id "${trajectory.id}" repeats an earlier one; left out` });
        continue;
      }
      seenIds.add(trajectory.id);
      const scored = scoreTrajectory(dataset, engines, profile, trajectory);
      if (!scored.row) {
        problems.push({ file, line: line.lineNumber, message: scored.problem ?? 'not admitted' });
        continue;
      }
      const row: TrajectoryRow = {
        id: scored.row.id,
        task_id: scored.row.task_id,
        model: scored.row.model,
        mode: scored.row.mode,
        scenario: scored.row.scenario,
        label: scored.row.label,
        evidence: scored.row.evidence,
        matched: scored.row.matched,
        gt_calls: scored.row.gt_calls,
        agent_calls: scored.row.agent_calls,
        calls: trajectory.tool_calls.reduce((s, item) => s + item.calls.length, 0),
        tool_succ: scored.row.tool_succ,
        result_succ: scored.row.result_succ,
        joint_succ: scored.row.joint_succ,
        turns: scored.row.rounds,
        tokens: scored.row.tokens,
        file,
        line: line.lineNumber,
        imported,
      };
      rows.push(row);
      stored.set(row.id, {
        text: line.text,
        file,
        line: line.lineNumber,
        row,
        dialogue: trajectory.dialogue.map((m) => m.content).join('\n').toLowerCase(),
      });
      if (performance.now() - sliceStart > SLICE_MS) await flush();
    }
  }
  await flush();
  post({ type: 'status', status: 'ready' });
}

async function answerReplay(requestId: number, id: string): Promise<void> {
  try {
    const { dataset, engines, profileId } = await loaded!;
    const entry = stored.get(id);
    if (!entry) throw new Error(`no evaluated trajectory "${id}"`);
    const parsed = parseJsonlLine(entry.text, entry.line, trajectorySchema);
    if (!parsed || !parsed.ok) throw new Error(`trajectory "${id}" no longer parses`);
    const trajectory: Trajectory = { ...(parsed.value as Trajectory), source: { file: entry.file, line: entry.line } };
    const engine = engines(entry.row.scenario) as ScenarioEngine;
    post({ type: 'replay', requestId, detail: replayDetail(dataset, engine, profileId, trajectory, entry.row) });
  } catch (error) {
    post({ type: 'replay', requestId, error: (error as Error).message });
  }
}

function search(query: string): string[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...stored.keys()];
  const ids: string[] = [];
  for (const [id, entry] of stored) if (entry.dialogue.includes(needle)) ids.push(id);
  return ids;
}
