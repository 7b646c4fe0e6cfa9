import { describe, expect, it } from 'vitest';
import { loadSqlJs } from '../../src-main/services/sql-node';
import { loadDataset } from '../format/loader';
import type { Problem } from '../format/types';
import { engineProvider } from './engine-provider';
import { memorySource } from './test-support/memory-source';
import { shopFiles } from './test-support/shop';

/** The shop dataset with this tool library (it loads with no problem), and a provider reporting to `problems`. */
async function providerWithTools(tools: unknown) {
  const text = JSON.stringify(tools, null, 2);
  const [dataset, SQL] = await Promise.all([loadDataset(memorySource(shopFiles({ 'scenarios/shop/tools.json': text }))), loadSqlJs()]);
  expect(dataset.problems).toEqual([]);
  const problems: Problem[] = [];
  return { text, dataset, problems, engines: engineProvider(SQL, dataset, problems) };
}

describe('engineProvider', () => {
  it('reports state_tables naming a table the seed lacks at the line of state_tables, and leaves the scenario out', async () => {
    const tools = JSON.parse(shopFiles()['scenarios/shop/tools.json']);
    tools.state_tables.push('no_such_table');
    const { text, problems, engines } = await providerWithTools({ tools: tools.tools, state_tables: tools.state_tables });
    const built = engines('shop');
    expect('error' in built).toBe(true);
    expect(problems).toEqual([
      {
        file: 'scenarios/shop/tools.json',
        line: text.split('\n').findIndex((l) => l.includes('"state_tables"')) + 1,
        message: expect.stringContaining('state_tables names missing table(s): no_such_table'),
      },
    ]);
    expect(problems[0].line).toBeGreaterThan(1);
  });

  it('reports an x-match entity target the seed database lacks, at its line of tools.json, and builds the scenario', async () => {
    const tools = JSON.parse(shopFiles()['scenarios/shop/tools.json']);
    tools.tools[1].parameters.properties.product_name['x-match'] = { entity: 'Products.prodcut_name' };
    const { text, problems, engines } = await providerWithTools(tools);
    try {
      expect('error' in engines('shop')).toBe(false);
      expect(problems).toEqual([
        {
          file: 'scenarios/shop/tools.json',
          line: text.split('\n').findIndex((l) => l.includes('prodcut_name')) + 1,
          message:
            'tool "add_to_cart", parameter product_name: x-match entity "Products.prodcut_name" is not a column of the seed database; its strings match only when one contains the other',
        },
      ]);
    } finally {
      engines.closeAll();
    }
  });

  it('reports a tool step whose SQL does not compile on the seed, at the tool\'s line, and still builds the scenario; a step after a CREATE is left unjudged', async () => {
    const tools = JSON.parse(shopFiles()['scenarios/shop/tools.json']);
    const broken = tools.tools[1];
    broken.steps[0].sql = `SELEC ${broken.steps[0].sql}`;
    tools.tools.push({ ...tools.tools[0], name: 'scratch', steps: [{ sql: '-- scratch space\nCREATE TEMP TABLE IF NOT EXISTS scratch(x)' }, { as: 'rows', sql: 'SELECT x FROM scratch' }] });
    const { dataset, problems, engines } = await providerWithTools(tools);
    try {
      expect('error' in engines('shop')).toBe(false);
      expect(problems).toEqual([
        {
          file: 'scenarios/shop/tools.json',
          line: dataset.scenarios.get('shop')!.toolLines![1],
          message: `tool "${broken.name}", step 1: its SQL cannot run on the seed database (near "SELEC": syntax error); every call of it fails`,
        },
      ]);
      expect(dataset.scenarios.get('shop')!.toolLines![1]).toBeGreaterThan(1);
    } finally {
      engines.closeAll();
    }
  });

  it("reports a returns template naming a step or column the tool's steps do not give, at the tool's line", async () => {
    const tools = JSON.parse(shopFiles()['scenarios/shop/tools.json']);
    tools.tools[0].returns = { found: '$rows.nowhere' };
    const { dataset, problems, engines } = await providerWithTools(tools);
    try {
      expect('error' in engines('shop')).toBe(false);
      expect(problems).toEqual([
        { file: 'scenarios/shop/tools.json', line: dataset.scenarios.get('shop')!.toolLines![0], message: `tool "${tools.tools[0].name}": returns refers to unknown step "nowhere"; every call of it fails` },
      ]);
    } finally {
      engines.closeAll();
    }
  });

  it('says nothing of targets the seed has (names in any case)', async () => {
    const tools = JSON.parse(shopFiles()['scenarios/shop/tools.json']);
    tools.tools[1].parameters.properties.product_name['x-match'] = { entity: 'PRODUCTS.Product_Name' };
    const [dataset, SQL] = await Promise.all([loadDataset(memorySource(shopFiles({ 'scenarios/shop/tools.json': JSON.stringify(tools) }))), loadSqlJs()]);
    const problems: Problem[] = [];
    const engines = engineProvider(SQL, dataset, problems);
    engines('shop');
    engines.closeAll();
    expect(problems).toEqual([]);
  });
});
