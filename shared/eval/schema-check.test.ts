import { describe, expect, it } from 'vitest';
import { MIXED_SCHEMA, OUTSIDE_SUBSET_ONLY, SUBSET_BREAKS } from '../format/spec-schema-cases';
import type { ToolDef } from '../format/types';
import { schemaFailure } from './schema-check';

const tool: ToolDef = { name: 'mixed', description: '', parameters: MIXED_SCHEMA, effect: 'read', steps: [] };

describe('schemaFailure enforces only SPEC §3 keyword subset (§9.1)', () => {
  it.each(OUTSIDE_SUBSET_ONLY)('accepts parameters that break only %s', (_, parameters) => {
    expect(schemaFailure(tool, parameters)).toBeNull();
  });

  it.each(SUBSET_BREAKS)('rejects parameters that break %s', (_, parameters, reason) => {
    expect(schemaFailure(tool, parameters)).toMatch(reason);
  });

  it('rejects an undeclared key under additionalProperties: false', () => {
    expect(schemaFailure(tool, { date: 'd', extra: 1 })).toMatch(/^extra: /);
  });

  it('accepts a string with a format it does not meet (SPEC §3 subset; format is an annotation)', () => {
    const dated: ToolDef = { ...tool, parameters: { type: 'object', properties: { when: { type: 'string', format: 'date' } }, required: ['when'] } };
    expect(schemaFailure(dated, { when: 'next friday' })).toBeNull();
    expect(schemaFailure(dated, { when: 7 })).toMatch(/^when: .*Expected "string"/);
  });
});
