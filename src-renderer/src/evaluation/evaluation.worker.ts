/// <reference lib="webworker" />
// The renderer's evaluation Web Worker: the dataset's own trajectories are scored by the host
// (streamed rows); this worker does what only the renderer can: replay one trajectory call by
// call with its state diffs (sql.js, WebAssembly) for the Replay view, and score trajectory files
// the user dropped or picked here (the host never sees them), in slices so replays are answered meanwhile.
import type { ScenarioEngine } from '../../../shared/engine/types';
import { engineProvider } from '../../../shared/eval/engine-provider';
import { evaluateLine, profileOf, scoreTrajectory, type EngineProvider, type LineRecord } from '../../../shared/eval/evaluate';
import { capProblemsPerFile, ChunkProblemCap } from '../../../shared/format/problem-cap';
import type { ScoringProfile } from '../../../shared/eval/profile';
import { rowsOfRecords, withEvidenceOf } from '../../../shared/eval/trajectory-row';
import { compareCodePoints } from '../../../shared/format/codepoint';
import { linesOfText, unreadLineMessage } from '../../../shared/format/jsonl';
import { loadDataset, parseJsonlLine, type LoadedDataset } from '../../../shared/format/loader';
import { trajectorySchema } from '../../../shared/format/schemas';
import { trajectoryWholeReals } from '../../../shared/format/whole-reals';
import type { Trajectory } from '../../../shared/format/types';
import { recordedSource, TextAssembly, type DatasetFiles } from './datasetFiles';
import { beat, beatingProvider, beatWhile } from '../workers/workerBeat';
import type { FromWorker, ImportedFile, ToWorker, TrajectoryRow } from './protocol';
import { replayDetail } from './replayDetail';
import { workerSqlJs } from '../workers/sqlJs';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: FromWorker) => scope.postMessage(message);

interface Loaded {
  dataset: LoadedDataset;
  engines: EngineProvider & { closeAll(): void };
  profile: ScoringProfile;
}

/** An imported trajectory: its line (for replay) and its dialogue (for search). */
interface Stored {
  text: string;
  row: TrajectoryRow;
  dialogue: string;
}

/** The dataset's copy, once 'open' has come: requests sent before it wait. */
let markOpened: (loading: Promise<Loaded>) => void = () => undefined;
const loaded = new Promise<Loaded>((resolve) => (markOpened = resolve));
const texts = new TextAssembly();
const imported = new Map<string, Stored>();
/** Imports are scored in order. */
let queue: Promise<void> = Promise.resolve();

const failure = (id: number, error: unknown): FromWorker => ({ id, type: 'error', message: error instanceof Error ? error.message : String(error) });

scope.onmessage = (event: MessageEvent<ToWorker>) => {
  beat();
  const message = event.data;
  switch (message.type) {
    case 'text':
      texts.add(message.path, message.part);
      break;
    case 'open':
      markOpened(beatWhile(open(texts.complete(message.files))));
      break;
    case 'import':
      // Known: the page's rows when it asked, and this worker's earlier imports (an import made before the last one's rows reached the page).
      queue = queue.then(() => evaluateImports(message.files, new Set([...message.knownIds, ...imported.keys()]))).then(
        () => post({ id: message.id, type: 'imported' }),
        (error: unknown) => post(failure(message.id, error)),
      );
      break;
    case 'replay':
      void answerReplay(message);
      break;
    case 'search':
      post({ id: message.id, type: 'search', ids: search(message.query) });
      break;
  }
};

async function open(files: DatasetFiles): Promise<Loaded> {
  const [SQL, dataset] = await Promise.all([workerSqlJs(), loadDataset(recordedSource(files))]);
  return { dataset, engines: beatingProvider(engineProvider(SQL, dataset)), profile: profileOf(dataset).profile };
}

const SLICE_MS = 40;

async function evaluateImports(files: ImportedFile[], knownIds: Set<string>): Promise<void> {
  const { dataset, engines, profile } = await loaded;
  for (const { name: file, text } of [...files].sort((a, b) => compareCodePoints(a.name, b.name))) {
    let sliceStart = performance.now();
    const records: LineRecord[] = [];
    const problemLines = new ChunkProblemCap(records); // as a host's scoring keeps them (batch-evaluator.ts)
    const lineTexts = new Map<number, string>();
    for (const line of linesOfText(text)) {
      beat();
      if (line.kind !== 'line') {
        problemLines.push({ line: line.lineNumber, problem: unreadLineMessage(line) });
        continue;
      }
      const record = evaluateLine(dataset, engines, profile, file, line.lineNumber, line.text);
      if (record?.id === undefined && record?.problem !== undefined) problemLines.push(record as LineRecord & { problem: string });
      else if (record) records.push(record);
      if (record?.row) lineTexts.set(line.lineNumber, line.text);
      if (performance.now() - sliceStart > SLICE_MS) {
        await new Promise((resolve) => setTimeout(resolve, 0)); // let replay and search requests in
        sliceStart = performance.now();
      }
    }
    const { rows, problems } = rowsOfRecords(file, records, knownIds, true);
    for (const row of rows) {
      const lineText = lineTexts.get(row.line)!;
      const parsed = JSON.parse(lineText) as Trajectory;
      imported.set(row.id, { text: lineText, row, dialogue: (parsed.dialogue ?? []).map((m) => m.content).join('\n').toLowerCase() });
    }
    post({ type: 'rows', rows });
    if (problems.length > 0) post({ type: 'problems', problems: capProblemsPerFile(problems) });
  }
}

async function answerReplay(message: Extract<ToWorker, { type: 'replay' }>): Promise<void> {
  const { id: requestId, trajectoryId } = message;
  try {
    const { dataset, engines, profile } = await loaded;
    const entry = message.hostRow ?? imported.get(trajectoryId);
    if (!entry) throw new Error(`no evaluated trajectory "${trajectoryId}"`);
    const parsed = parseJsonlLine(entry.text, entry.row.line, trajectorySchema, undefined, trajectoryWholeReals(dataset.meta));
    if (!parsed || !parsed.ok) throw new Error(`trajectory "${trajectoryId}" no longer parses`);
    const trajectory: Trajectory = { ...(parsed.value as Trajectory), source: { file: entry.row.file, line: entry.row.line } };
    const engine = engines(entry.row.scenario);
    if ('error' in engine) throw new Error(engine.error);
    const row = message.hostRow ? withEvidence(dataset, engines, profile, trajectory, entry.row) : entry.row;
    post({ id: requestId, type: 'replay', detail: replayDetail(dataset, engine as ScenarioEngine, profile.id, trajectory, row) });
  } catch (error) {
    post(failure(requestId, error));
  }
}

/**
 * A host row with its label's evidence: the host streams rows without it (evaluation-session.ts),
 * so it is scored again here, by the same code, on the same dataset. A label that came out
 * otherwise (the files changed since the host's run) gets no evidence rather than another's.
 */
function withEvidence(dataset: LoadedDataset, engines: EngineProvider, profile: ScoringProfile, trajectory: Trajectory, row: TrajectoryRow): TrajectoryRow {
  return withEvidenceOf(row, scoreTrajectory(dataset, engines, profile, trajectory).row);
}

/** Imported trajectories whose dialogue contains the text; the host searches the dataset's own. */
function search(query: string): string[] {
  const needle = query.trim().toLowerCase();
  const ids: string[] = [];
  for (const [id, entry] of imported) if (needle === '' || entry.dialogue.includes(needle)) ids.push(id);
  return ids;
}

