// Whole-file JSON (dataset.json, tools.json) parsed with positions, so a problem can name the
// line of a syntax error or of the field that failed validation.
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { z } from 'zod';
import { MAX_NESTING_DEPTH, safeJsonParse } from './safe-json';
import { formatPath } from './schemas';
import type { Problem } from './types';

export interface JsonFile {
  file: string;
  text: string;
  tree: Node | undefined;
}

export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The parsed value, or a problem at the line of the first syntax error. */
export function parseJsonFile(file: string, text: string, problems: Problem[]): { value: unknown; doc: JsonFile } | null {
  const strict = safeJsonParse(text.replace(/^\uFEFF/, ''), MAX_NESTING_DEPTH);
  if (!strict.ok) {
    const errors: ParseError[] = [];
    parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
    const first = errors[0];
    problems.push({
      file,
      line: first ? lineAt(text, first.offset) : 1,
      message: first ? `invalid JSON: ${printParseErrorCode(first.error)}` : strict.message,
    });
    return null;
  }
  return { value: strict.value, doc: { file, text, tree: parseTree(text) } };
}

/** Line of the value at a zod issue path, falling back to the closest existing ancestor. */
export function lineOfPath(doc: JsonFile, path: readonly PropertyKey[]): number {
  if (!doc.tree) return 1;
  for (let n = path.length; n >= 0; n--) {
    const segments = path.slice(0, n).map((k) => (typeof k === 'number' ? k : String(k)));
    const node = findNodeAtLocation(doc.tree, segments);
    if (node) return lineAt(doc.text, node.offset);
  }
  return 1;
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
    const where = formatPath(path);
    problems.push({ file: doc.file, line: lineOfPath(doc, path), message: where ? `field ${where}: ${issue.message}` : issue.message });
  }
  return null;
}
