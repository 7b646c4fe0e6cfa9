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

/** Limits up to this are checked on the parsed value (recursively); larger ones by scanning the text. */
const RECURSIVE_DEPTH_LIMIT = 1_000;

/** Above this many brackets the text is scanned before parsing, so a huge nest is never built. */
const PARSE_FIRST_BRACKETS = 10_000;

export function safeJsonParse(text: string, maxDepth = MAX_NESTING_DEPTH): SafeParse {
  // A text nests no deeper than it has characters, so a short one needs no count. A moderate one
  // (a trajectory line has hundreds of brackets) is parsed first and its value's depth checked:
  // walking the parsed containers is cheaper than scanning every character. A long one with many
  // brackets gets the exact scan before anything is parsed, so a huge nest is never built.
  const brackets = text.length > PARSE_FIRST_BRACKETS ? bracketCount(text, PARSE_FIRST_BRACKETS) : text.length;
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
  // The text's bracket depth is the value's (brackets in strings are not counted).
  if (brackets > maxDepth && brackets <= PARSE_FIRST_BRACKETS && (maxDepth > RECURSIVE_DEPTH_LIMIT ? nestingDepth(text) > maxDepth : deeperThan(value, maxDepth)))
    return tooDeep(nestingDepth(text), maxDepth);
  return { ok: true, value };
}

function tooDeep(depth: number, maxDepth: number): SafeParse {
  return { ok: false, message: `nesting depth ${depth} exceeds the limit of ${maxDepth}` };
}

/**
 * Whether a parsed JSON value nests containers deeper than `limit`; stops at the first too deep.
 * No array of each object's values (this walk runs on every trajectory line, and Object.values
 * here was 6% of the bytes a scoring run allocated). Recursive, at most `limit` + 1 frames: the
 * caller sends only limits up to RECURSIVE_DEPTH_LIMIT here. Own keys only, as Object.values.
 */
function deeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  // The object is at depth 1 of what is left: too deep when less than one level is left.
  if (limit < 1) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (deeperThan(value[i], limit - 1)) return true;
  } else {
    const object = value as Record<string, unknown>;
    for (const key in object) if (Object.hasOwn(object, key) && deeperThan(object[key], limit - 1)) return true;
  }
  return false;
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
