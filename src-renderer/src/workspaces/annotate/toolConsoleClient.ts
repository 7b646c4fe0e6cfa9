// Promise-based access to the tool-console worker; one worker per page, started on first use and
// again after its watchdog stopped it (workers/watchedWorker.ts). A scenario whose SQL overran
// it is not run again until its files change (workers/overrun.ts): its requests fail at once.
import type { Row } from '../../../../shared/engine/types';
import type { ScenarioDef } from '../../../../shared/format/types';
import { WatchedWorker } from '../../workers/watchedWorker';
import { scenarioDefTexts } from '../../workers/scenarioTexts';
import type { ConsoleCall, FromConsoleWorker, StepOutcome, ToConsoleWorker } from './toolConsoleProtocol';

class ToolConsoleClient {
  private readonly worker = new WatchedWorker<ToConsoleWorker, FromConsoleWorker>({
    start: () => new Worker(new URL('./toolConsole.worker.ts', import.meta.url), { type: 'module', name: 'tool-console' }),
    // A fresh worker has no scenario loaded: each is loaded again on its next request.
    onStopped: () => this.loaded.clear(),
    scenarioFiles: (id) => scenarioDefTexts(this.latest.get(id)),
  });
  private readonly loaded = new Map<string, Promise<void>>();
  /** Each scenario as last asked for: what an overrun of it is remembered with. */
  private readonly latest = new Map<string, ScenarioDef>();

  load(scenario: ScenarioDef): Promise<void> {
    this.latest.set(scenario.id, scenario);
    const loaded = this.loaded.get(scenario.id);
    if (loaded) return loaded;
    const loading = this.worker.request({ type: 'load', scenario }, scenario.id).then(() => undefined);
    loading.catch(() => {
      if (this.loaded.get(scenario.id) === loading) this.loaded.delete(scenario.id);
    });
    this.loaded.set(scenario.id, loading);
    return loading;
  }

  async run(scenario: ScenarioDef, calls: ConsoleCall[], report?: number[]): Promise<{ outcomes: StepOutcome[]; final: Record<string, Row[]> }> {
    await this.load(scenario);
    const reply = await this.worker.request({ type: 'run', scenarioId: scenario.id, calls, report }, scenario.id);
    if (reply.type !== 'ran') throw new Error('unexpected reply');
    return { outcomes: reply.outcomes, final: reply.final };
  }

  async entities(scenario: ScenarioDef, queries: { table: string; column: string; value: string }[]): Promise<boolean[]> {
    if (queries.length === 0) return [];
    await this.load(scenario);
    const reply = await this.worker.request({ type: 'entities', scenarioId: scenario.id, queries }, scenario.id);
    if (reply.type !== 'entities') throw new Error('unexpected reply');
    return reply.found;
  }

  /** The seed rows `value` finds in table.column, as the engine matches entities (at most `limit`, and how many in all). */
  async entityRows(scenario: ScenarioDef, table: string, column: string, value: string, limit = 5): Promise<{ rows: Row[]; total: number }> {
    await this.load(scenario);
    const reply = await this.worker.request({ type: 'entity-rows', scenarioId: scenario.id, table, column, value, limit }, scenario.id);
    if (reply.type !== 'entity-rows') throw new Error('unexpected reply');
    return { rows: reply.rows, total: reply.total };
  }

  async search(scenario: ScenarioDef, columns: string[], text: string, limit = 30): Promise<{ column: string; value: string; details: string[] }[]> {
    await this.load(scenario);
    const reply = await this.worker.request({ type: 'search', scenarioId: scenario.id, columns, text, limit }, scenario.id);
    if (reply.type !== 'search') throw new Error('unexpected reply');
    return reply.values;
  }
}

export const toolConsole = new ToolConsoleClient();
