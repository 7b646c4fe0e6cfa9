import { describe, expect, it } from 'vitest';
import { engineFixture } from '../../src-main/test-support/engine-fixture';
import { MIXED_SCHEMA, OUTSIDE_SUBSET_ONLY, SUBSET_BREAKS } from '../format/spec-schema-cases';
import { ParameterValidator } from './params';
import { tool } from './test-scenario';
import type { ScenarioEngine } from './types';

const { shop } = engineFixture();

const mixed = tool('mixed', 'read', [{ as: 'r', sql: 'SELECT :date AS date' }], { parameters: MIXED_SCHEMA });

const engine = (): ScenarioEngine => shop(mixed);

describe('the engine validates only SPEC §3 keyword subset', () => {
  it.each(OUTSIDE_SUBSET_ONLY)('runs a call whose parameters break only %s', (_, parameters) => {
    const result = engine().call({ tool_name: 'mixed', parameters });
    expect(result).toEqual({ ok: true, result: [{ date: parameters.date }] });
  });

  it.each(SUBSET_BREAKS)('fails a call whose parameters break %s', (_, parameters, reason) => {
    const result = engine().call({ tool_name: 'mixed', parameters });
    expect(result.ok).toBe(false);
    const message = (result.result as { message: string }).message;
    expect(message.startsWith('invalid parameters for tool "mixed": ')).toBe(true);
    expect(message).toMatch(reason);
  });

  it('ParameterValidator ignores format but not type', () => {
    const validator = new ParameterValidator({ type: 'object', properties: { when: { type: 'string', format: 'date' } } });
    expect(validator.check({ when: 'next friday' })).toBeNull();
    expect(validator.check({ when: 1 })).toMatch(/^when: .*Expected "string"/);
  });
});
