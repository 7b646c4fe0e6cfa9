// Whole-file JSON (dataset.json, tools.json) parsed with positions, so a problem can name the
// line of a syntax error or of the field that failed validation.
import { parseTree, type ParseError } from 'jsonc-parser';
import { syntaxErrorWords } from './json-syntax';
import type { z } from 'zod';
import { JsonLocator } from './json-locate';
import { MAX_NESTING_DEPTH, safeJsonParse, tooDeepOffset } from './safe-json';
import { fieldMessage, formatPath } from './schemas';
import type { Problem } from './types';

export interface JsonFile {
  file: string;
  text: string;
  /** Built on the first lookup: valid files without problems never need it. */
  locator?: JsonLocator;
  /** Offsets where lines start, built on the first lookup (a file with many problems looks up many). */
  lineStarts?: number[];
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** 1-based line of an offset: a binary search over the line starts. */
function lineIn(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid] <= offset) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}

export function lineAt(text: string, offset: number): number {
  return lineIn(lineStartsOf(text), offset);
}

function lineInDoc(doc: JsonFile, offset: number): number {
  doc.lineStarts ??= lineStartsOf(doc.text);
  return lineIn(doc.lineStarts, offset);
}

/** The parsed value, or a problem at the line of the first syntax error. */
export function parseJsonFile(file: string, text: string, problems: Problem[]): { value: unknown; doc: JsonFile } | null {
  const strict = safeJsonParse(text.replace(/^\uFEFF/, ''), MAX_NESTING_DEPTH);
  if (!strict.ok) {
    // Too deep for the parsers below (they recurse): the line where the nesting passes the cap.
    const tooDeep = tooDeepOffset(text, MAX_NESTING_DEPTH);
    if (tooDeep !== -1) {
      problems.push({ file, line: lineAt(text, tooDeep), message: `nesting deeper than ${MAX_NESTING_DEPTH} levels; file not read` });
      return null;
    }
    const errors: ParseError[] = [];
    parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
    const first = errors[0];
    problems.push({
      file,
      line: first ? lineAt(text, first.offset) : 1,
      message: first ? `invalid JSON: ${syntaxErrorWords(first.error)}` : strict.message,
    });
    return null;
  }
  return { value: strict.value, doc: { file, text } };
}

/** Line of the value at a zod issue path, falling back to the closest existing ancestor. */
export function lineOfPath(doc: JsonFile, path: readonly PropertyKey[]): number {
  doc.locator ??= new JsonLocator(doc.text);
  return lineInDoc(doc, doc.locator.offsetOf(path));
}

/** Validates with a schema; each issue becomes a problem at its field's line. */
export function validateJson<T extends z.ZodType>(
  doc: JsonFile,
  schema: T,
  value: unknown,
  problems: Problem[],
  basePath: readonly PropertyKey[] = [],
): z.infer<T> | null {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues.slice(0, 5)) {
    const path = [...basePath, ...issue.path];
    problems.push({ file: doc.file, line: lineOfPath(doc, path), message: fieldMessage(formatPath(path), issue) });
  }
  return null;
}
