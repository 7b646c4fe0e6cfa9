// Recorded tool results of a trajectory item, attributed to its calls (SPEC §6, §9.3).
import { parseIfJson, safeJsonParse } from '../format/safe-json';
import { TextMemo } from '../memo/text-memo';

/**
 * The JSON documents of a `"; "`-joined results string, or null when it cannot be split
 * into documents (then the whole string stands for every call of the item).
 */
export function splitJoinedResults(text: string): unknown[] | null {
  // A first document followed by "; " means the whole text is not one JSON value: skipping the
  // attempt spares a throwing JSON.parse for every joined results string.
  const firstEnd = endOfJsonValue(text, 0);
  if (!(firstEnd >= 0 && text.startsWith('; ', firstEnd))) {
    const whole = safeJsonParse(text);
    if (whole.ok) return [whole.value];
  }
  const docs: unknown[] = [];
  let i = 0;
  while (i < text.length) {
    const end = endOfJsonValue(text, i);
    if (end < 0) return null;
    const doc = safeJsonParse(text.slice(i, end));
    if (!doc.ok) return null;
    docs.push(doc.value);
    i = end;
    if (i >= text.length) break;
    if (!text.startsWith('; ', i)) return null;
    i += 2;
  }
  return docs.length > 0 ? docs : null;
}

/** Index just past the JSON value starting at `start` (whitespace allowed around it), or -1. */
function endOfJsonValue(text: string, start: number): number {
  let i = start;
  while (i < text.length && /\s/.test(text[i])) i++;
  const first = text[i];
  if (first === '{' || first === '[' || first === '"') {
    let depth = 0;
    let inString = false;
    for (; i < text.length; i++) {
      const c = text[i];
      if (inString) {
        if (c === '\\') i++;
        else if (c === '"') {
          inString = false;
          if (depth === 0) return skipSpaces(text, i + 1);
        }
      } else if (c === '"') inString = true;
      else if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        depth--;
        if (depth === 0) return skipSpaces(text, i + 1);
      }
    }
    return -1;
  }
  // A bare number, true, false or null runs to the next separator.
  const separator = text.indexOf('; ', i);
  return separator < 0 ? text.length : separator;
}

function skipSpaces(text: string, i: number): number {
  while (i < text.length && text[i] === ' ' && !text.startsWith('; ', i)) i++;
  return i;
}

/**
 * Tool messages' contents parsed, by their text: the same results come back in many runs of a
 * task (bounded by total length). The values are shared, so nothing may change them.
 */
const parsedContents = new TextMemo<unknown>(16 * 1024 * 1024, parseIfJson);
const parsedContent = (text: string): unknown => parsedContents.get(text);

function contentOf(entry: unknown): unknown {
  if (typeof entry === 'object' && entry !== null && !Array.isArray(entry) && 'content' in entry) {
    const content = (entry as { content: unknown }).content;
    return typeof content === 'string' ? parsedContent(content) : content;
  }
  return typeof entry === 'string' ? parsedContent(entry) : entry;
}

/**
 * An item's recorded results: one per call, by position (`per-call`), or, when they cannot be
 * attributed so, all of them (or the unsplittable string) for every call of the item, its first
 * included (`shared`, SPEC §9.3); null when the item has none (the replayed results stand in).
 */
export function recordedResults(results: unknown, callCount: number): { kind: 'per-call'; results: unknown[][] } | { kind: 'shared'; results: unknown[] } | null {
  if (results === undefined || results === null) return null;
  let values: unknown[];
  if (typeof results === 'string') {
    const documents = splitJoinedResults(results);
    // Text that is not "; "-joined JSON documents cannot be attributed by position, even to an
    // item's only call: SPEC §9.3 sends "the unsplittable string" to every call, its first included.
    if (documents === null) return { kind: 'shared', results: [results] };
    values = documents;
  } else if (Array.isArray(results)) values = results.map(contentOf);
  else values = [results];
  if (values.length === callCount) return { kind: 'per-call', results: values.map((v) => [v]) };
  return { kind: 'shared', results: values };
}
