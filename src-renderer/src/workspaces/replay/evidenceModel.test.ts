import { describe, expect, it } from 'vitest';
import type { ScenarioDef } from '../../../../shared/format/types';
import { entityColumn, hallucinationEvidence, perceptionEvidence, schemaAt } from './evidenceModel';

describe('evidence panels read the cascade evidence', () => {
  it('takes a perception evidence as the cascade writes it, and nothing else', () => {
    const evidence = { entity: 'Domaine Lune Bordeaux', visual_ref: 'r1', path: 'product_name', gt_call: 0, entry: 1, tool_name: 'add_to_cart', value: 'Domaine Soleil' };
    expect(perceptionEvidence(evidence)).toEqual(evidence);
    expect(perceptionEvidence({ ...evidence, visual_ref: 3 })).toBeNull();
    expect(perceptionEvidence(null)).toBeNull();
    expect(hallucinationEvidence({ entry: 2, turn: 0, tool_name: 't', path: 'items[].qty', value: 7 })).toEqual({ entry: 2, turn: 0, tool_name: 't', path: 'items[].qty', value: 7 });
    expect(hallucinationEvidence({ entry: 2, tool_name: 't', path: 'p', value: 'x' })).toBeNull();
  });

  it('finds the database column a parameter path names, through arrays', () => {
    const scenario = {
      library: {
        tools: [
          {
            name: 'order',
            parameters: { type: 'object', properties: { items: { type: 'array', items: { type: 'object', properties: { dish: { type: 'string', 'x-match': { entity: 'dishes.name' } } } } } } },
          },
        ],
      },
    } as unknown as ScenarioDef;
    const call = { tool_name: 'order', parameters: { items: [{ dish: 'soup' }] } };
    expect(entityColumn(schemaAt(scenario, call, 'items[].dish'))).toBe('dishes.name');
    expect(schemaAt(scenario, call, 'items[].nothing')).toBeUndefined();
    expect(entityColumn(undefined)).toBeNull();
  });
});
