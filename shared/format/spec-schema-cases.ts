// Test cases shared by the tests of SPEC §3's keyword subset (spec-schema.ts): the engine's
// validation and SPEC §9.1's verdict must agree on them. Not used by the app.
import type { ParamSchema } from './types';

/** Subset keywords mixed with keywords outside SPEC §3's subset, at the top, in properties and in items. */
export const MIXED_SCHEMA: ParamSchema = {
  $defs: { never: false },
  type: 'object',
  description: 'outside the subset: ignored',
  minProperties: 2,
  properties: {
    date: { type: 'string', format: 'date' },
    code: { type: 'string', pattern: '^[A-Z]+$', minLength: 3, maxLength: 4 },
    mode: { anyOf: [{ const: 'a' }, { const: 'b' }] },
    fixed: { type: 'string', const: 'x' },
    ref: { $ref: '#/$defs/never' },
    count: { type: 'integer', minimum: 1, maximum: 5, multipleOf: 2, exclusiveMaximum: 3 },
    color: { enum: ['red', 'blue'], not: { const: 'red' } },
    address: {
      type: 'object',
      properties: { city: { type: 'string', minLength: 2 }, zip: { type: 'string', pattern: '^\\d{5}$' } },
      required: ['city'],
      additionalProperties: false,
      patternProperties: { '^x-': { type: 'string' } },
    },
    tags: { type: 'array', items: { type: 'string', format: 'email', maxLength: 3 }, minItems: 2, uniqueItems: true, 'x-ordered': true },
    meta: { type: 'object', additionalProperties: { type: 'integer', minimum: 0, multipleOf: 5 } },
  },
  required: ['date'],
  additionalProperties: false,
};

/** Parameters that break only keywords outside the subset: valid. */
export const OUTSIDE_SUBSET_ONLY: [string, Record<string, unknown>][] = [
  ['format', { date: 'next friday', count: 2 }],
  ['pattern, minLength', { date: '2025-01-01', count: 2, code: 'ab' }],
  ['maxLength', { date: '2025-01-01', count: 2, code: 'ABCDEFG' }],
  ['anyOf, const', { date: '2025-01-01', count: 2, mode: 'zzz' }],
  ['const', { date: '2025-01-01', count: 2, fixed: 'y' }],
  ['$ref', { date: '2025-01-01', count: 2, ref: 1 }],
  ['multipleOf, exclusiveMaximum', { date: '2025-01-01', count: 5 }],
  ['not', { date: '2025-01-01', count: 2, color: 'red' }],
  ['minProperties (a null key is absent)', { date: '2025-01-01', count: null }],
  ['nested pattern and minLength', { date: '2025-01-01', address: { city: 'x', zip: 'abc' } }],
  ['items format, maxLength; minItems, uniqueItems', { date: '2025-01-01', tags: ['not-an-email', 'not-an-email'] }],
  ['additionalProperties schema: multipleOf', { date: '2025-01-01', meta: { a: 3 } }],
  ['all at once, with 2.0 as an integer', { date: 'tomorrow', count: 2.0, code: 'a', mode: 0, fixed: '', ref: null, tags: ['x@y'], meta: { b: 7 } }],
];

/** Parameters that break a subset keyword: invalid, with the reason's pattern. */
export const SUBSET_BREAKS: [string, Record<string, unknown>, RegExp][] = [
  ['required', {}, /required property "date"/],
  ['required (a null key is absent)', { date: null }, /required property "date"/],
  ['type', { date: 5 }, /Expected "string"/],
  ['type integer', { date: 'd', count: 2.5 }, /Expected "integer"/],
  ['enum', { date: 'd', color: 'green' }, /\["red","blue"\]/],
  ['minimum', { date: 'd', count: 0 }, /0 is less than 1/],
  ['maximum', { date: 'd', count: 6 }, /6 is greater than 5/],
  ['nested required', { date: 'd', address: {} }, /required property "city"/],
  ['nested type', { date: 'd', address: { city: 3 } }, /Expected "string"/],
  ['nested additionalProperties: false (patternProperties dropped)', { date: 'd', address: { city: 'ab', 'x-note': 'n' } }, /x-note/],
  ['items type', { date: 'd', tags: ['a', 2] }, /Expected "string"/],
  ['array type', { date: 'd', tags: 'a' }, /Expected "array"/],
  ['additionalProperties schema: minimum', { date: 'd', meta: { a: -1 } }, /-1 is less than 0/],
];
