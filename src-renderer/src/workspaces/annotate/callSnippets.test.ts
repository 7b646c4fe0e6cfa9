import { Validator } from '@cfworker/json-schema';
// @ts-expect-error: monaco-editor ships no types for its snippet parser, the one the editor inserts snippets with.
import { SnippetParser as UntypedSnippetParser } from 'monaco-editor/editor/contrib/snippet/browser/snippetParser.js';
import { describe, expect, it } from 'vitest';
import type { ToolDef, ToolLibrary } from '../../../../shared/format/types';
import { atCallPlace, valueFollows } from './callSnippetCompletion';
import { callSnippet } from './callSnippets';
import { callsJsonSchema } from './callsSchema';

interface ParsedSnippet {
  toString(): string;
  placeholders: { index: number; choice?: { options: { value: string }[] } }[];
}
const SnippetParser = UntypedSnippetParser as new () => { parse(text: string): ParsedSnippet };

const tool = (name: string, parameters: ToolDef['parameters']): ToolDef => ({ name, description: `Does ${name}.`, effect: 'write', steps: [], parameters });

const addToCart = tool('add_to_cart', {
  type: 'object',
  properties: {
    user_id: { type: 'string' },
    product_name: { type: 'string' },
    qty: { type: 'integer', minimum: 1 },
    size: { type: 'string', enum: ['small', 'large'] },
    gift: { type: 'boolean' },
    note: { type: 'string' },
  },
  required: ['user_id', 'product_name', 'qty', 'size', 'gift'],
  additionalProperties: false,
});

/** The snippet as Monaco inserts it (VS Code's snippet syntax), with each tab stop's default kept. */
function inserted(bodyText: string): { text: string; stops: number } {
  const snippet = new SnippetParser().parse(bodyText);
  return { text: snippet.toString(), stops: new Set(snippet.placeholders.map((p) => p.index)).size };
}

describe('whole-call snippets (the calls editor)', () => {
  it('writes the call with its required parameters as tab stops, the task user id filled in', () => {
    const { text, stops } = inserted(callSnippet(addToCart, { userId: 'maya_chen_204' }).bodyText);
    expect(JSON.parse(text)).toEqual({ tool_name: 'add_to_cart', parameters: { user_id: 'maya_chen_204', product_name: '', qty: 1, size: 'small', gift: true } });
    expect(stops).toBe(5);
    // The optional `note` is left out: the annotator adds it by completion when the task needs it.
    expect(text).not.toContain('note');
  });

  it('leaves user_id to fill when the task states none', () => {
    const { text } = inserted(callSnippet(addToCart).bodyText);
    expect(JSON.parse(text).parameters.user_id).toBe('');
  });

  it('inserts what it shows for names, enums and user ids holding snippet syntax or JSON escapes', () => {
    const odd = tool('get_$1}\\"x', {
      type: 'object',
      properties: { 'a$b}c': { type: 'string', enum: ['x,y', 'p|q', 'back\\slash', '$0 }'] }, user_id: { type: 'string' } },
      required: ['a$b}c', 'user_id'],
    });
    const userId = 'u$1}\\"z';
    const { text } = inserted(callSnippet(odd, { userId }).bodyText);
    expect(JSON.parse(text)).toEqual({ tool_name: 'get_$1}\\"x', parameters: { 'a$b}c': 'x,y', user_id: userId } });
    // Every option of the enum is offered as written.
    const choice = new SnippetParser().parse(callSnippet(odd, { userId }).bodyText).placeholders.find((p) => p.choice)?.choice;
    expect(choice?.options.map((o) => JSON.parse(o.value))).toEqual(['x,y', 'p|q', 'back\\slash', '$0 }']);
  });

  it('gives a call with no required parameter a stop inside its parameters', () => {
    const { text, stops } = inserted(callSnippet(tool('get_cart', { type: 'object', properties: { user_id: { type: 'string' } } })).bodyText);
    expect(JSON.parse(text)).toEqual({ tool_name: 'get_cart', parameters: {} });
    expect(stops).toBe(1);
  });

  it('fits the editor schema once its stops are filled', () => {
    const library: ToolLibrary = { state_tables: [], tools: [addToCart, tool('get_price', { type: 'object', properties: { product_name: { type: 'string' } }, required: ['product_name'] })] };
    const validator = new Validator(callsJsonSchema(library) as object, '7');
    for (const each of library.tools) {
      const call = JSON.parse(inserted(callSnippet(each, { userId: 'u1' }).bodyText).text.replace('""', '"Merlot"'));
      expect(validator.validate([call]).valid).toBe(true);
    }
  });
});

describe("a call's place in the calls editor", () => {
  const at = (marked: string) => atCallPlace(marked.replace('|', ''), marked.indexOf('|'));
  it('is after the opening bracket or a comma of the top-level array', () => {
    expect(at('[\n  |\n]')).toBe(true);
    expect(at('[|]')).toBe(true);
    expect(at('[{"tool_name":"a","parameters":{}},\n  |get\n]')).toBe(true);
    expect(at('|')).toBe(false);
  });
  it('is not inside a call, a nested array, or after a call with no comma', () => {
    expect(at('[{|}]')).toBe(false);
    expect(at('[{"tool_name":"a","parameters":{"items":[|]}}]')).toBe(false);
    expect(at('[{"tool_name":"a","parameters":{}}\n  |\n]')).toBe(false);
  });
  it('needs a comma after the call when another call follows', () => {
    const follows = (marked: string) => valueFollows(marked.replace('|', ''), marked.indexOf('|'));
    expect(follows('[\n  get|\n]')).toBe(false);
    expect(follows('[get|, {}]')).toBe(false);
    expect(follows('[\n  get|\n  {"tool_name":"b","parameters":{}}\n]')).toBe(true);
    expect(follows('[\n  get_ca|rt\n]')).toBe(false);
  });
});
