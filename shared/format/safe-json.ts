// Parsing untrusted JSON text with a bounded nesting depth. Every key is kept as data, those
// named `__proto__`, `constructor` or `prototype` included: JSON.parse stores each key as an own
// data property (it never calls the `__proto__` setter, so nothing reaches a prototype), and code
// that copies keys from data uses own-data.ts.

export const MAX_NESTING_DEPTH = 64;

export type SafeParse = { ok: true; value: unknown } | { ok: false; message: string };

/** Deepest bracket nesting of JSON text, ignoring brackets inside strings. Linear, no recursion. */
export function nestingDepth(text: string): number {
  return scanNesting(text, Infinity).deepest;
}

/** Offset of the first bracket nested deeper than `maxDepth`, or -1. Linear, no recursion. */
export function tooDeepOffset(text: string, maxDepth: number): number {
  return scanNesting(text, maxDepth).tooDeepAt;
}

function scanNesting(text: string, maxDepth: number): { deepest: number; tooDeepAt: number } {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (depth > maxDepth) return { deepest, tooDeepAt: i };
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return { deepest, tooDeepAt: -1 };
}

/** Opening brackets in the text: an upper bound of the nesting depth, counted natively. */
function bracketCount(text: string, limit: number): number {
  let count = 0;
  for (const bracket of ['{', '[']) {
    for (let i = text.indexOf(bracket); i !== -1 && count <= limit; i = text.indexOf(bracket, i + 1)) count++;
  }
  return count;
}

/** Above this many brackets the text is scanned before parsing, so a huge nest is never built. */
const PARSE_FIRST_BRACKETS = 10_000;

export function safeJsonParse(text: string, maxDepth = MAX_NESTING_DEPTH): SafeParse {
  // Few brackets cannot nest deeply. A moderate number (a trajectory line has hundreds) is parsed
  // first and its value's depth measured: walking the parsed containers is cheaper than scanning
  // every character. Many brackets get the exact scan before anything is parsed.
  const brackets = bracketCount(text, PARSE_FIRST_BRACKETS);
  if (brackets > PARSE_FIRST_BRACKETS) {
    const depth = nestingDepth(text);
    if (depth > maxDepth) return tooDeep(depth, maxDepth);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // Too deep is the first thing said of a text, valid or not.
    if (brackets > maxDepth && brackets <= PARSE_FIRST_BRACKETS) {
      const depth = nestingDepth(text);
      if (depth > maxDepth) return tooDeep(depth, maxDepth);
    }
    return { ok: false, message: `invalid JSON: ${(error as Error).message}` };
  }
  if (brackets > maxDepth && brackets <= PARSE_FIRST_BRACKETS) {
    const depth = valueDepth(value);
    if (depth > maxDepth) return tooDeep(depth, maxDepth);
  }
  return { ok: true, value };
}

function tooDeep(depth: number, maxDepth: number): SafeParse {
  return { ok: false, message: `nesting depth ${depth} exceeds the limit of ${maxDepth}` };
}

/** Nesting depth of a parsed JSON value (arrays and objects), as nestingDepth counts it in text. No recursion. */
function valueDepth(root: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    const inner = depth + 1;
    if (inner > deepest) deepest = inner;
    for (const child of Array.isArray(value) ? value : Object.values(value)) if (typeof child === 'object' && child !== null) stack.push([child, inner]);
  }
  return deepest;
}

/** A JSON text starts (after white space) with one of these: an object, array, string, number or literal. */
const JSON_START = /^[\s]*[{["\-0-9tfn]/;

/** Parses when the text is JSON, else keeps the text (SPEC §9: "parsed as JSON where it can be"). */
export function parseIfJson(text: string): unknown {
  // Prose (user messages, plain results) is the common case: refusing it here avoids the cost of
  // JSON.parse throwing.
  if (!JSON_START.test(text)) return text;
  const parsed = safeJsonParse(text);
  return parsed.ok ? parsed.value : text;
}
