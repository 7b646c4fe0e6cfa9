// Lint of the ground truth while it is typed: unknown tools, empty required values, entity
// names the database does not know, user ids that differ from the instruction's, and calls that
// fail when the sequence is replayed. Pure: the tool-console worker supplies database facts.
import type { Json, ParamSchema, Task, ToolLibrary } from '../../../../shared/format/types';

export interface LintIssue {
  /** Index of the call, 0-based. */
  call: number;
  /** The parameter concerned, if any. */
  param?: string;
  severity: 'error' | 'warning';
  message: string;
}

export interface LintFacts {
  /** True when the seed database has a row whose TABLE.COLUMN fuzzy-matches the value. */
  entityExists(table: string, column: string, value: string): boolean;
  /** Replay results, one per call (ok false: the call fails). */
  results?: { ok: boolean; message?: string }[];
}

/** The user id the task states: its user_id, else "User ID: xyz" in the instruction. */
export function taskUserId(task: Pick<Task, 'user_id' | 'instruction'>): string | null {
  if (task.user_id) return task.user_id;
  const match = /user\s*id\s*[:=]?\s*([A-Za-z0-9_.-]+)/i.exec(task.instruction);
  return match ? match[1] : null;
}

function isEmpty(value: Json | undefined): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

function entityOf(schema: ParamSchema | undefined): { table: string; column: string } | null {
  const match = schema?.['x-match'];
  if (!match || typeof match !== 'object' || typeof match.entity !== 'string') return null;
  const [table, column] = match.entity.split('.');
  return table && column ? { table, column } : null;
}

export function lintCalls(
  calls: { tool_name: string; parameters: Record<string, Json> }[],
  library: ToolLibrary,
  task: Pick<Task, 'user_id' | 'instruction'>,
  facts: LintFacts,
): LintIssue[] {
  const issues: LintIssue[] = [];
  const userId = taskUserId(task);
  calls.forEach((call, index) => {
    const tool = library.tools.find((candidate) => candidate.name === call.tool_name);
    if (!tool) {
      issues.push({ call: index, severity: 'error', message: `unknown tool "${call.tool_name}"` });
      return;
    }
    const properties = tool.parameters.properties ?? {};
    for (const name of tool.parameters.required ?? []) {
      if (isEmpty(call.parameters[name])) issues.push({ call: index, param: name, severity: 'error', message: `required parameter "${name}" is empty` });
    }
    for (const [name, value] of Object.entries(call.parameters)) {
      const schema = properties[name];
      if (!schema) {
        issues.push({ call: index, param: name, severity: 'warning', message: `"${name}" is not a parameter of ${tool.name}` });
        continue;
      }
      const entity = entityOf(schema) ?? entityOf(schema.items);
      const values = Array.isArray(value) ? value : [value];
      if (entity) {
        for (const item of values) {
          if (typeof item === 'string' && item.trim() !== '' && !facts.entityExists(entity.table, entity.column, item))
            issues.push({ call: index, param: name, severity: 'warning', message: `"${item}" is not in ${entity.table}.${entity.column}` });
        }
      }
      if (/user_?id$/i.test(name) && userId && typeof value === 'string' && value.trim() !== '' && value !== userId)
        issues.push({ call: index, param: name, severity: 'warning', message: `user id "${value}" differs from the instruction's "${userId}"` });
    }
    const result = facts.results?.[index];
    if (result && !result.ok) issues.push({ call: index, severity: 'error', message: `fails on replay: ${result.message ?? 'error'}` });
  });
  return issues;
}

/**
 * What to say of a submit, or null: `refused` when the calls text does not parse (the last calls
 * that parsed would be written, not what is on screen); a warning when lint finds errors (an
 * unknown tool, an empty required value, a call that fails on replay), which the person may mean.
 */
export function submitCheck(editorText: string | null, lint: readonly LintIssue[]): { refused: boolean; message: string } | null {
  if (editorText !== null) return { refused: true, message: 'not submitted: the calls text does not parse as calls; fix it (or undo) first, so what is submitted is what is on screen' };
  const errors = lint.filter((issue) => issue.severity === 'error');
  if (errors.length === 0) return null;
  const first = errors[0];
  return { refused: false, message: `submitted with ${errors.length} lint error(s), first: call ${first.call + 1}: ${first.message}` };
}
