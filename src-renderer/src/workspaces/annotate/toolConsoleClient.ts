// Promise-based access to the tool-console worker; one worker per page, started on first use.
import type { Row } from '../../../../shared/engine/types';
import type { ScenarioDef } from '../../../../shared/format/types';
import type { ConsoleCall, FromConsoleWorker, StepOutcome, ToConsoleWorker } from './toolConsoleProtocol';

type Request = ToConsoleWorker extends infer M ? (M extends { id: number } ? Omit<M, 'id'> : never) : never;

class ToolConsoleClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, (message: FromConsoleWorker) => void>();
  private readonly loaded = new Map<string, Promise<void>>();

  private send(request: Request): Promise<FromConsoleWorker> {
    if (!this.worker) {
      this.worker = new Worker(new URL('./toolConsole.worker.ts', import.meta.url), { type: 'module', name: 'tool-console' });
      this.worker.onmessage = (event: MessageEvent<FromConsoleWorker>) => {
        const resolve = this.pending.get(event.data.id);
        this.pending.delete(event.data.id);
        resolve?.(event.data);
      };
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (message) => (message.type === 'error' ? reject(new Error(message.message)) : resolve(message)));
      this.worker!.postMessage({ ...request, id });
    });
  }

  load(scenario: ScenarioDef): Promise<void> {
    let loading = this.loaded.get(scenario.id);
    if (!loading) {
      loading = this.send({ type: 'load', scenario }).then(() => undefined);
      loading.catch(() => this.loaded.delete(scenario.id));
      this.loaded.set(scenario.id, loading);
    }
    return loading;
  }

  async run(scenario: ScenarioDef, calls: ConsoleCall[], report?: number[]): Promise<{ outcomes: StepOutcome[]; final: Record<string, Row[]> }> {
    await this.load(scenario);
    const reply = await this.send({ type: 'run', scenarioId: scenario.id, calls, report });
    if (reply.type !== 'ran') throw new Error('unexpected reply');
    return { outcomes: reply.outcomes, final: reply.final };
  }

  async entities(scenario: ScenarioDef, queries: { table: string; column: string; value: string }[]): Promise<boolean[]> {
    if (queries.length === 0) return [];
    await this.load(scenario);
    const reply = await this.send({ type: 'entities', scenarioId: scenario.id, queries });
    if (reply.type !== 'entities') throw new Error('unexpected reply');
    return reply.found;
  }

  /** The seed rows `value` finds in table.column, as the engine matches entities (at most `limit`, and how many in all). */
  async entityRows(scenario: ScenarioDef, table: string, column: string, value: string, limit = 5): Promise<{ rows: Row[]; total: number }> {
    await this.load(scenario);
    const reply = await this.send({ type: 'entity-rows', scenarioId: scenario.id, table, column, value, limit });
    if (reply.type !== 'entity-rows') throw new Error('unexpected reply');
    return { rows: reply.rows, total: reply.total };
  }

  async search(scenario: ScenarioDef, columns: string[], text: string, limit = 30): Promise<{ column: string; value: string; details: string[] }[]> {
    await this.load(scenario);
    const reply = await this.send({ type: 'search', scenarioId: scenario.id, columns, text, limit });
    if (reply.type !== 'search') throw new Error('unexpected reply');
    return reply.values;
  }
}

export const toolConsole = new ToolConsoleClient();
