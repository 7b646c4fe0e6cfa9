// What an agent call may draw on (SPEC §9.3): user messages up to its turn and the results of
// every call before it; a value found nowhere there is a hallucination.
import type { ParamSchema } from '../format/types';
import { parseIfJson } from '../format/safe-json';
import { canonicalString, numbersEqual } from './canonical';

const DIGITS = /-?\d+(\.\d+)?/g;

export class Grounding {
  private texts: string[] = [];
  /** The texts joined by NUL, grown as texts come (V8 concatenates strings as ropes). */
  private joined = '';
  private numbers: number[] = [];

  constructor(private readonly seedTexts: ReadonlySet<string>) {}

  addUserMessage(content: string): void {
    this.addText(content);
    this.addValue(parseIfJson(content), false);
  }

  addResult(value: unknown): void {
    this.addValue(typeof value === 'string' ? parseIfJson(value) : value, true);
  }

  private addValue(value: unknown, numericLeaves: boolean): void {
    if (typeof value === 'string') this.addText(value);
    else if (typeof value === 'number') {
      if (numericLeaves) this.numbers.push(value);
    } else if (Array.isArray(value)) for (const v of value) this.addValue(v, numericLeaves);
    else if (typeof value === 'object' && value !== null) for (const v of Object.values(value)) this.addValue(v, numericLeaves);
  }

  private addText(text: string): void {
    const canonical = canonicalString(text);
    this.texts.push(canonical);
    this.joined += '\u0000' + canonical;
    for (const match of text.matchAll(DIGITS)) this.numbers.push(Number(match[0]));
  }

  stringGrounded(value: string, schema: ParamSchema | undefined): boolean {
    const canonical = canonicalString(value);
    if (this.seedTexts.has(canonical)) return true;
    if (schema?.enum?.some((e) => typeof e === 'string' && canonicalString(e) === canonical)) return true;
    // Grounding strings are joined by NUL so one search covers them all; a value holding a NUL
    // could then span two strings, so it is checked one string at a time.
    if (canonical.includes('\u0000')) return this.texts.some((t) => t.includes(canonical));
    return this.joined.includes(canonical);
  }

  numberGrounded(value: number): boolean {
    if (Number.isInteger(value) && value >= 0 && value <= 10) return true;
    return this.numbers.some((n) => numbersEqual(n, value));
  }
}
