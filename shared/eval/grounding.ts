// What an agent call may draw on (SPEC §9.3): user messages up to its turn and the results of
// every call before it; a value found nowhere there is a hallucination.
import type { ParamSchema } from '../format/types';
import { parseIfJson } from '../format/safe-json';
import { canonicalString, numbersEqual } from './canonical';
import { TextMemo } from '../memo/text-memo';

const DIGITS = /-?\d+(\.\d+)?/g;

/**
 * A text's canonical form and the numbers written in it. The same instructions and tool results
 * come back in every run of a task, so they are memoised (bounded by total length).
 */
const factsMemo = new TextMemo(32 * 1024 * 1024, (text) => ({ canonical: canonicalString(text), numbers: Array.from(text.matchAll(DIGITS), (m) => Number(m[0])) }));
const textFacts = (text: string): { canonical: string; numbers: number[] } => factsMemo.get(text);

/** What a value adds to the grounding: its strings' canonical forms and its numbers. */
interface DocFacts {
  texts: string[];
  numbers: number[];
}

/** Facts of result documents, by the document: recorded and replayed results are memoised values that recur. */
const docFactsMemo = new WeakMap<object, DocFacts>();

function docFacts(doc: object): DocFacts {
  let facts = docFactsMemo.get(doc);
  if (!facts) {
    facts = collectFacts(doc, true);
    docFactsMemo.set(doc, facts);
  }
  return facts;
}

/**
 * The facts of a value's leaves: every string's canonical form and the numbers written in it, and
 * the numeric leaves themselves when `numericLeaves` (a result's numbers count, a user message's
 * JSON numbers only as written in its text).
 */
function collectFacts(value: unknown, numericLeaves: boolean, into: DocFacts = { texts: [], numbers: [] }): DocFacts {
  if (typeof value === 'string') {
    const { canonical, numbers } = textFacts(value);
    into.texts.push(canonical);
    for (const n of numbers) into.numbers.push(n);
  } else if (typeof value === 'number') {
    if (numericLeaves) into.numbers.push(value);
  } else if (Array.isArray(value)) for (const v of value) collectFacts(v, numericLeaves, into);
  else if (typeof value === 'object' && value !== null) for (const v of Object.values(value)) collectFacts(v, numericLeaves, into);
  return into;
}

export class Grounding {
  private texts: string[] = [];
  /** The texts joined by NUL, grown as texts come (V8 concatenates strings as ropes). */
  private joined = '';
  private numbers: number[] = [];

  constructor(private readonly seedTexts: ReadonlySet<string>) {}

  addUserMessage(content: string): void {
    this.addFacts(collectFacts(content, false));
    this.addFacts(collectFacts(parseIfJson(content), false));
  }

  addResult(value: unknown): void {
    const doc = typeof value === 'string' ? parseIfJson(value) : value;
    this.addFacts(typeof doc === 'object' && doc !== null ? docFacts(doc) : collectFacts(doc, true));
  }

  private addFacts(facts: DocFacts): void {
    for (const canonical of facts.texts) {
      this.texts.push(canonical);
      this.joined += '\u0000' + canonical;
    }
    for (const n of facts.numbers) this.numbers.push(n);
  }

  stringGrounded(value: string, schema: ParamSchema | undefined): boolean {
    const canonical = canonicalString(value);
    if (this.seedTexts.has(canonical)) return true;
    if (schema?.enum?.some((e) => typeof e === 'string' && canonicalString(e) === canonical)) return true;
    // The empty string is a substring of any string of the grounding, and of nothing when it has none.
    if (canonical === '') return this.texts.length > 0;
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
