import { describe, expect, it } from 'vitest';
import { MIXED_SCHEMA } from './spec-schema-cases';
import { specSubsetSchema } from './spec-schema';

describe('specSubsetSchema (SPEC §3 keyword subset)', () => {
  it('keeps only type, properties, required, additionalProperties, items, enum, minimum, maximum, recursively', () => {
    expect(specSubsetSchema(MIXED_SCHEMA)).toEqual({
      type: 'object',
      properties: {
        date: { type: 'string' },
        code: { type: 'string' },
        mode: {},
        fixed: { type: 'string' },
        ref: {},
        count: { type: 'integer', minimum: 1, maximum: 5 },
        color: { enum: ['red', 'blue'] },
        address: {
          type: 'object',
          properties: { city: { type: 'string' }, zip: { type: 'string' } },
          required: ['city'],
          additionalProperties: false,
        },
        tags: { type: 'array', items: { type: 'string' } },
        meta: { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } },
      },
      required: ['date'],
      additionalProperties: false,
    });
  });

  it('builds the copy once per schema object and leaves the schema untouched', () => {
    const before = JSON.stringify(MIXED_SCHEMA);
    const first = specSubsetSchema(MIXED_SCHEMA);
    expect(specSubsetSchema(MIXED_SCHEMA)).toBe(first);
    expect(first).not.toBe(MIXED_SCHEMA);
    expect(JSON.stringify(MIXED_SCHEMA)).toBe(before);
  });

  it('drops an array-form items, keeps boolean schemas, and treats a missing schema as allowing everything', () => {
    expect(specSubsetSchema({ type: 'array', items: [{ type: 'string' }], prefixItems: [{ type: 'string' }] })).toEqual({ type: 'array' });
    expect(specSubsetSchema({ type: 'array', items: false })).toEqual({ type: 'array', items: false });
    expect(specSubsetSchema({ type: 'object', additionalProperties: true })).toEqual({ type: 'object', additionalProperties: true });
    expect(specSubsetSchema(undefined)).toEqual({});
    expect(specSubsetSchema(false)).toBe(false);
  });

  it('keeps a property named __proto__ as a property', () => {
    const properties = JSON.parse('{"__proto__": {"type": "string", "format": "date"}}') as Record<string, unknown>;
    const out = specSubsetSchema({ type: 'object', properties }) as { properties: Record<string, unknown> };
    expect(Object.keys(out.properties)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(out.properties)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out.properties, '__proto__')?.value).toEqual({ type: 'string' });
  });
});
