/// <reference lib="webworker" />
// The agreement worker: scenario engines on sql.js (loaded as the evaluation worker loads it),
// and the shared SPEC §11 code that `egostudio agreement` runs, so the figures are the same.
import { diffStates, stateKey } from '../../../shared/engine/state';
import { agreementDashboard, agreementDashboardInTwo, compareTask, type AgreementDashboard, type AgreementDataset } from '../../../shared/eval/agreement-report';
import { engineProvider } from '../../../shared/eval/engine-provider';
import { DEFAULT_META, type LoadedDataset } from '../../../shared/format/loader';
import type { ScenarioDef, Task } from '../../../shared/format/types';
import { beat, beatingProvider, beatWhile } from '../workers/workerBeat';
import { annotationsOf, patchedAnnotations, type KeptInput } from './dashboardInput';
import { INPUT_GONE, type DashboardInput, type DashboardPatch, type FromAgreementWorker, type ToAgreementWorker } from './protocol';
import { workerSqlJs } from '../workers/sqlJs';

const scope = self as unknown as DedicatedWorkerGlobalScope;

let scenariosKey: string | null = null;
let scenarios = new Map<string, ScenarioDef>();
let engines: ReturnType<typeof engineProvider> | null = null;

function datasetOf(): LoadedDataset {
  return { meta: DEFAULT_META, scenarios, tasks: new Map(), groundTruth: new Map(), annotations: new Map(), problems: [] };
}

async function enginesReady() {
  if (!engines) throw new Error('no scenarios loaded');
  return engines;
}

function engineFor(provider: NonNullable<typeof engines>, scenarioId: string) {
  const engine = provider(scenarioId);
  if ('error' in engine) throw new Error(engine.error);
  return engine;
}

async function handle(message: ToAgreementWorker): Promise<FromAgreementWorker> {
  switch (message.type) {
    case 'scenarios': {
      const SQL = await workerSqlJs();
      if (scenariosKey !== message.key) {
        engines?.closeAll();
        keptDashboard = null; // its comparisons ran on the engines just closed
        scenariosKey = message.key;
        scenarios = new Map(message.scenarios.map((s) => [s.id, s]));
        engines = beatingProvider(engineProvider(SQL, datasetOf(), []));
      }
      return { id: message.id, type: 'ok' };
    }
    case 'task': {
      const started = performance.now();
      const provider = await enginesReady();
      const engine = engineFor(provider, message.scenarioId);
      const compared = compareTask(engine, scenarios.get(message.scenarioId)!, message.a, message.b);
      const { comparison } = compared;
      return {
        id: message.id,
        type: 'task',
        comparison: {
          exact: comparison.exact,
          seq_exact: comparison.seq_exact,
          call_f1: comparison.call_f1,
          state_equal: compared.state_equal,
          matched: comparison.matched,
          alignment: compared.alignment(),
          ms: performance.now() - started,
        },
      };
    }
    case 'dashboard': {
      const provider = await enginesReady();
      const dataset = dashboardInput(message.inputId, message.input);
      // Scenarios left out are answered as unbuildable, so their tasks are problems and the rest is compared (as the CLI does).
      const left = new Map(message.left.map(([scenarioId, error]) => [scenarioId, { error, file: `scenarios/${scenarioId}` }]));
      const withoutLeft = (scenarioId: string) => left.get(scenarioId) ?? provider(scenarioId);
      // The dashboard without alpha, then of the same input with it: the second takes the first's comparisons.
      const asked = JSON.stringify([message.inputId, message.a, message.b, message.left]);
      if (!message.alpha) {
        const inTwo = agreementDashboardInTwo(dataset, withoutLeft, message.a, message.b, beat);
        keptDashboard = { asked, withAlpha: inTwo.withAlpha };
        return { id: message.id, type: 'dashboard', dashboard: inTwo.first };
      }
      const kept = keptDashboard?.asked === asked ? keptDashboard.withAlpha : null;
      keptDashboard = null;
      return { id: message.id, type: 'dashboard', dashboard: kept ? kept() : agreementDashboard(dataset, withoutLeft, message.a, message.b, beat) };
    }
    case 'run': {
      const provider = await enginesReady();
      const engine = engineFor(provider, message.scenarioId);
      engine.reset();
      const seed = engine.state();
      const { results, state } = engine.execute(message.calls);
      engine.reset();
      return {
        id: message.id,
        type: 'run',
        outcome: { results, diff: diffStates(seed, state, (table) => engine.primaryKeys(table)), stateKey: stateKey(state) },
      };
    }
  }
}

scope.onmessage = (event: MessageEvent<ToAgreementWorker>) => {
  beat();
  beatWhile(handle(event.data)).then(
    (reply) => scope.postMessage(reply),
    (error: unknown) => scope.postMessage({ id: event.data.id, type: 'error', message: error instanceof Error ? error.message : String(error) }),
  );
};

/** The last dashboard asked without alpha, whose comparisons a request of it with alpha takes up. */
let keptDashboard: { asked: string; withAlpha: () => AgreementDashboard } | null = null;

/** The last dashboard input sent (whole or as a patch), kept for the next request, which names it; its tasks by id built once. */
let keptInput: (KeptInput & { taskById: Map<string, Pick<Task, 'id' | 'scenario'>> }) | null = null;

function dashboardInput(inputId: number, input: DashboardInput | DashboardPatch | null): AgreementDataset {
  if (input === null || 'base' in input) {
    const base = input === null ? inputId : input.base;
    if (keptInput?.inputId !== base) throw new Error(INPUT_GONE);
    if (input !== null) keptInput = { ...keptInput, inputId, annotations: patchedAnnotations(keptInput.annotations, input) };
  } else {
    keptInput = { inputId, tasks: input.tasks, taskById: new Map(input.tasks.map((task) => [task.id, task])), annotations: annotationsOf(input) };
  }
  // The scenarios are this worker's current ones: the input outlives a change of them.
  return { scenarios, tasks: keptInput.taskById, annotations: keptInput.annotations, problems: [] };
}
