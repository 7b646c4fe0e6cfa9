import { describe, expect, it } from 'vitest';
import { lintAttributeDisagreement, lintEmptyUserIds, lintStrayPrefix, lintTagSpellings, tasteVocabulary } from './lint';
import { parseUserId, stripStrayPrefix } from './tasks';

describe('import lint', () => {
  it('reports and strips a stray "Results:" prefix', () => {
    expect(lintStrayPrefix('retail1-6', 'Results: You are a shopper (User ID: a_1).')).toEqual([
      { taskId: 'retail1-6', message: expect.stringContaining('"Results:"') },
    ]);
    expect(lintStrayPrefix('retail1-1', 'You are a shopper.')).toEqual([]);
    expect(stripStrayPrefix('Results:  You are a shopper.')).toEqual({ text: 'You are a shopper.', stripped: true });
  });

  it('reports ground-truth calls with an empty user_id', () => {
    const calls = [
      { tool_name: 'add_to_cart', parameters: { user_id: 'alice', product_name: 'x' } },
      { tool_name: 'compute_total_nutrition', parameters: { user_id: ' ', products: [] } },
    ];
    const found = lintEmptyUserIds('retail1-5', calls);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ taskId: 'retail1-5', message: expect.stringContaining('call 2 (compute_total_nutrition)') });
  });

  it('reports an instruction and analysis naming different attributes (sour vs sweet)', () => {
    const vocabulary = ['sweet', 'sour', 'bitter'];
    expect(lintAttributeDisagreement('retail1-5', 'Find the sour wine', '1. Find the sweet wine', vocabulary)).toEqual([
      { taskId: 'retail1-5', message: expect.stringMatching(/instruction says sour, analysis says sweet/) },
    ]);
    expect(lintAttributeDisagreement('t', 'Find the sour wine', '1. Find the sour wine', vocabulary)).toEqual([]);
    // An attribute only one side mentions is not a disagreement.
    expect(lintAttributeDisagreement('t', 'Find the sour wine', '1. Find the wine', vocabulary)).toEqual([]);
  });

  it('reports tag spellings that differ by a trailing s, with the tasks that use them', () => {
    const found = lintTagSpellings([
      { tag: 'nuts', source: 'init/retail_init.json' },
      { tag: 'nut', source: 'tasks/retail3.json', taskId: 'retail3-4' },
      { tag: 'high_calories', source: 'tools/retail_tools.json' },
      { tag: 'high_calorie', source: 'tasks/retail2.json', taskId: 'retail2-9' },
      { tag: 'sweet', source: 'init/retail_init.json' },
    ]);
    expect(found).toEqual(
      expect.arrayContaining([
        { taskId: 'retail3-4', message: 'tag "nut" is also spelled "nuts" in this release' },
        { taskId: 'retail2-9', message: 'tag "high_calorie" is also spelled "high_calories" in this release' },
        { taskId: '', message: expect.stringContaining('tag "nuts" (in init/retail_init.json)') },
      ]),
    );
    expect(found.some((w) => w.message.includes('sweet'))).toBe(false);
  });

  it('takes the taste vocabulary from the tool schemas', () => {
    const tools = [{ function: { parameters: { properties: { taste: { type: 'string', enum: ['sweet', 'sour', '·'] } } } } }];
    expect([...tasteVocabulary(tools)].sort()).toEqual(['sour', 'sweet']);
  });

  it('reads the user id the ways the release writes it', () => {
    expect(parseUserId('You are a shopper (User ID: alice_wong_456), browsing.')).toBe('alice_wong_456');
    expect(parseUserId('Your user ID is cook_009, and today is May 6.')).toBe('cook_009');
    expect(parseUserId('You are a customer named "tom".')).toBeUndefined();
  });
});
