// What a watched worker (watchedWorker.ts) says when a dataset's SQL overran it, and the scenarios
// its client remembers as having overrun. The rule: a scenario whose SQL overran is not run again
// until its files change. Each overrun is kept with the scenario's file texts as the client had
// them then (schema.sql, data.sql, tools.json, in the form it sends them); a later request that
// needs the scenario fails at once while the client's texts of it are still the same. An edit to
// one of its files, once the studio has read it again, lets it run; reloading the page forgets.
// (Kept per client, each with its own texts: the Node hosts keep such a list for their workers.)

/**
 * How long a worker with pending requests may send nothing. Twice the host's limit for its
 * scoring workers (10 s): a page's worker shares the cores with the page and the host, and a
 * beat is only sent between engine calls; a single statement this slow is a dataset's bug.
 */
export const WORKER_SILENCE_LIMIT_MS = 20_000;

/** The e2e tests shorten the limit (they set this global, before or between requests); people get the default. */
export function pageLimit(): number {
  const set = (globalThis as { egostudioWorkerLimitMs?: unknown }).egostudioWorkerLimitMs;
  return typeof set === 'number' && set > 0 ? set : WORKER_SILENCE_LIMIT_MS;
}

/** The message every pending request fails with when the worker is stopped. */
export function stoppedMessage(scenario: string | undefined, limitMs: number): string {
  const limit = `${limitMs / 1000} s`;
  if (scenario === undefined)
    return `a scenario's SQL ran longer than ${limit} (its schema.sql, data.sql or a tool step in its tools.json, under scenarios/); the worker was stopped`;
  return `scenario "${scenario}": its SQL ran longer than ${limit} (scenarios/${scenario}/schema.sql, data.sql or a tool step in tools.json); the worker was stopped`;
}

/** The message a later request needing that scenario fails with at once. */
export function overranMessage(scenario: string, limitMs: number): string {
  return `${stoppedMessage(scenario, limitMs)} earlier; not run again until its files change (reload the page after editing them)`;
}

/** A scenario's file texts as a client has them now; undefined when it has none. */
export type ScenarioFiles = (scenario: string) => readonly string[] | undefined;

const sameTexts = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((text, i) => text === b[i]);

export class OverranScenarios {
  /**
   * By scenario id, each overrun's texts (by reference: the client holds the same strings) and
   * limit. Several per id: another dataset's scenario of that name, or an edit undone.
   */
  private readonly overran = new Map<string, { texts: readonly string[]; limitMs: number }[]>();

  constructor(private readonly filesOf: ScenarioFiles = () => undefined) {}

  /** `scenario`, with its files as they are now, overran `limitMs`. */
  add(scenario: string, limitMs: number): void {
    const texts = this.filesOf(scenario) ?? [];
    const list = this.overran.get(scenario) ?? [];
    if (!list.some((entry) => sameTexts(entry.texts, texts))) list.push({ texts, limitMs });
    this.overran.set(scenario, list);
  }

  /** Why a request needing these scenarios must not run, or null (none overran with the files it has now). */
  refusal(scenarios: readonly string[]): string | null {
    for (const scenario of scenarios) {
      const list = this.overran.get(scenario);
      if (!list) continue; // the usual case: no texts to compare
      const texts = this.filesOf(scenario) ?? [];
      const entry = list.find((overrun) => sameTexts(overrun.texts, texts));
      if (entry) return overranMessage(scenario, entry.limitMs);
    }
    return null;
  }
}
