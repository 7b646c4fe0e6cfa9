import { describe, expect, it, vi } from 'vitest';
import type { ScenarioDef } from '../../../../shared/format/types';
import { overranMessage, stoppedMessage } from '../../workers/overrun';
import { fakePageWorkers, settled } from '../../workers/test-workers';
import { toolConsole } from './toolConsoleClient';
import type { FromConsoleWorker, ToConsoleWorker } from './toolConsoleProtocol';

const LIMIT = 1000;
const workers = fakePageWorkers<ToConsoleWorker, FromConsoleWorker>(LIMIT);

const tools = (sql: string) => ({ state_tables: [], tools: [{ name: 'get_cart', description: '', parameters: {}, steps: [{ sql }] }] }) as unknown as ScenarioDef['library'];
const retail: ScenarioDef = { id: 'retail', schemaSql: 'CREATE TABLE cart (x)', dataSql: '', library: tools('WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT count(*) FROM r') };
const kitchen: ScenarioDef = { id: 'kitchen', schemaSql: 'CREATE TABLE fridge (x)', dataSql: '', library: tools('SELECT 1') };
const flush = () => vi.advanceTimersByTimeAsync(0);

/** Answers the current worker's loads; the rest stays for the test. */
function answerLoads() {
  const port = workers.started.at(-1)!;
  for (const message of port.sent) if (message.type === 'load') port.say({ id: message.id, type: 'loaded' });
}

describe('toolConsole (the client)', () => {
  it('a scenario whose run overran fails at once, with no worker started, until its tools.json changes; other scenarios run', async () => {
    const first = settled(toolConsole.run(retail, [{ tool_name: 'get_cart', parameters: {} }]));
    await flush();
    answerLoads();
    await flush();
    expect(workers.started[0].sent.map((m) => m.type)).toEqual(['load', 'run']);
    await vi.advanceTimersByTimeAsync(LIMIT + 500);
    expect(first.error?.message).toBe(stoppedMessage('retail', LIMIT));

    const again = [settled(toolConsole.run(retail, [])), settled(toolConsole.entities(retail, [{ table: 'cart', column: 'x', value: 'a' }]))];
    await flush();
    expect(again.map((state) => state.error?.message)).toEqual([overranMessage('retail', LIMIT), overranMessage('retail', LIMIT)]);
    expect(workers.started).toHaveLength(1);

    const other = settled(toolConsole.run(kitchen, []));
    await flush();
    answerLoads();
    await flush();
    const run = workers.started[1].sent.find((m) => m.type === 'run')!;
    workers.started[1].say({ id: run.id, type: 'ran', outcomes: [], final: {} });
    await flush();
    expect(other.value).toEqual({ outcomes: [], final: {} });

    // get_cart fixed in tools.json: retail is loaded again and runs.
    const fixed = { ...retail, library: tools('SELECT 1') };
    const edited = settled(toolConsole.run(fixed, []));
    await flush();
    expect(workers.started[1].sent.filter((m) => m.type === 'load').map((m) => m.type === 'load' && m.scenario)).toEqual([kitchen, fixed]);
    expect(edited.error).toBeUndefined();
  });
});
