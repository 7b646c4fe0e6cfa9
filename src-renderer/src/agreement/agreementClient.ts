// Promise-based access to the agreement worker; one worker per page, started on first use.
import type { AgreementDashboard } from '../../../shared/eval/agreement-report';
import type { Annotation, ScenarioDef, Task, ToolCall } from '../../../shared/format/types';
import type { FromAgreementWorker, RunOutcome, TaskComparison, ToAgreementWorker } from './protocol';

type Request = ToAgreementWorker extends infer M ? (M extends { id: number } ? Omit<M, 'id'> : never) : never;

class AgreementClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(message: FromAgreementWorker): void; reject(error: Error): void }>();
  private loaded: { key: string; done: Promise<void> } | null = null;

  private send(request: Request): Promise<FromAgreementWorker> {
    if (!this.worker) {
      this.worker = new Worker(new URL('./agreement.worker.ts', import.meta.url), { type: 'module', name: 'agreement' });
      this.worker.onmessage = (event: MessageEvent<FromAgreementWorker>) => {
        const waiting = this.pending.get(event.data.id);
        this.pending.delete(event.data.id);
        if (!waiting) return;
        if (event.data.type === 'error') waiting.reject(new Error(event.data.message));
        else waiting.resolve(event.data);
      };
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker!.postMessage({ ...request, id });
    });
  }

  /** Loads a dataset's scenarios once per key (the dataset id and its scenario files). */
  scenarios(key: string, scenarios: ScenarioDef[]): Promise<void> {
    if (this.loaded?.key !== key) {
      const done = this.send({ type: 'scenarios', key, scenarios }).then(() => undefined);
      done.catch(() => {
        if (this.loaded?.done === done) this.loaded = null;
      });
      this.loaded = { key, done };
    }
    return this.loaded.done;
  }

  async compare(scenarioId: string, a: ToolCall[], b: ToolCall[]): Promise<TaskComparison> {
    await this.loaded?.done;
    const reply = await this.send({ type: 'task', scenarioId, a, b });
    if (reply.type !== 'task') throw new Error('unexpected reply');
    return reply.comparison;
  }

  async dashboard(tasks: Task[], annotations: Map<string, Map<string, Annotation>>, a: string, b: string): Promise<AgreementDashboard> {
    await this.loaded?.done;
    const list = [...annotations].map(([name, byTask]) => [name, [...byTask.values()]] as [string, Annotation[]]);
    const reply = await this.send({ type: 'dashboard', tasks, annotations: list, a, b });
    if (reply.type !== 'dashboard') throw new Error('unexpected reply');
    return reply.dashboard;
  }

  async run(scenarioId: string, calls: ToolCall[]): Promise<RunOutcome> {
    await this.loaded?.done;
    const reply = await this.send({ type: 'run', scenarioId, calls });
    if (reply.type !== 'run') throw new Error('unexpected reply');
    return reply.outcome;
  }
}

export const agreementClient = new AgreementClient();
