// Import lint: the release's known data problems (egobench/README.md), each reported with the
// task id so a curator can find it. Nothing here changes the imported data except the prefix.

export interface LintWarning {
  /** Task id when the problem belongs to one task, else ''. */
  taskId: string;
  message: string;
}

type Obj = Record<string, unknown>;

export function lintStrayPrefix(taskId: string, instruction: string): LintWarning[] {
  return /^\s*Results:/i.test(instruction) ? [{ taskId, message: `instruction starts with a stray "Results:" prefix (removed on import)` }] : [];
}

export function lintEmptyUserIds(taskId: string, calls: Array<{ tool_name: string; parameters: Obj }>): LintWarning[] {
  const out: LintWarning[] = [];
  calls.forEach((call, i) => {
    const uid = call.parameters.user_id;
    if (typeof uid === 'string' && uid.trim() === '') out.push({ taskId, message: `ground-truth call ${i + 1} (${call.tool_name}) has an empty user_id` });
  });
  return out;
}

const words = (text: string): Set<string> => new Set(text.toLowerCase().match(/[a-z]+/g) ?? []);

/**
 * The instruction and its analysis naming different attributes from the same vocabulary
 * (e.g. tastes): each mentions one the other does not.
 */
export function lintAttributeDisagreement(taskId: string, instruction: string, analysis: string, vocabulary: Iterable<string>): LintWarning[] {
  const inInstruction = words(instruction);
  const inAnalysis = words(analysis);
  if (inAnalysis.size === 0) return [];
  const onlyInstruction: string[] = [];
  const onlyAnalysis: string[] = [];
  for (const word of new Set(vocabulary)) {
    if (inInstruction.has(word) && !inAnalysis.has(word)) onlyInstruction.push(word);
    if (inAnalysis.has(word) && !inInstruction.has(word)) onlyAnalysis.push(word);
  }
  if (onlyInstruction.length === 0 || onlyAnalysis.length === 0) return [];
  return [{ taskId, message: `instruction and analysis disagree on an attribute: instruction says ${onlyInstruction.join('/')}, analysis says ${onlyAnalysis.join('/')}` }];
}

/** Where a tag spelling was seen: a task id, or a file for seed data and schemas. */
export interface TagUse {
  tag: string;
  taskId?: string;
  source: string;
}

const tagStem = (tag: string): string => tag.toLowerCase().replace(/s$/, '');

/** Tags that differ only by a trailing "s" (nut/nuts, high_calorie/high_calories). */
export function lintTagSpellings(uses: TagUse[]): LintWarning[] {
  const byStem = new Map<string, Map<string, TagUse[]>>();
  for (const use of uses) {
    const stem = tagStem(use.tag);
    if (stem.length < 2) continue;
    const spellings = byStem.get(stem) ?? new Map<string, TagUse[]>();
    spellings.set(use.tag, [...(spellings.get(use.tag) ?? []), use]);
    byStem.set(stem, spellings);
  }
  const out: LintWarning[] = [];
  for (const spellings of byStem.values()) {
    if (spellings.size < 2) continue;
    const all = [...spellings.keys()].sort();
    // The spelling used least is the suspect; each task that uses a spelling gets a warning.
    for (const [tag, seen] of spellings) {
      const others = all.filter((t) => t !== tag).join('/');
      const taskIds = [...new Set(seen.map((u) => u.taskId).filter((t): t is string => !!t))];
      for (const taskId of taskIds) out.push({ taskId, message: `tag "${tag}" is also spelled "${others}" in this release` });
      if (taskIds.length === 0) {
        const sources = [...new Set(seen.map((u) => u.source))].join(', ');
        out.push({ taskId: '', message: `tag "${tag}" (in ${sources}) is also spelled "${others}" in this release` });
      }
    }
  }
  return out;
}

/** Keys whose string values (or string-array values) are tags. */
export const TAG_KEYS = new Set(['taste', 'tag', 'characteristic', 'nutritional_characteristics', 'allergen', 'allergens']);

/** Every tag-valued string under TAG_KEYS in seed data or call parameters. */
export function collectTags(value: unknown, found: (tag: string) => void, underTagKey = false): void {
  if (typeof value === 'string') {
    if (underTagKey) found(value);
  } else if (Array.isArray(value)) {
    for (const v of value) collectTags(v, found, underTagKey);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) collectTags(v, found, TAG_KEYS.has(k));
  }
}

/** The `enum` values of tag-named properties in tool schemas (at any depth). */
export function schemaTags(schema: unknown, found: (tag: string) => void): void {
  if (Array.isArray(schema)) {
    for (const s of schema) schemaTags(s, found);
    return;
  }
  if (!schema || typeof schema !== 'object') return;
  const o = schema as Obj;
  if (o.properties && typeof o.properties === 'object') {
    for (const [k, child] of Object.entries(o.properties as Obj)) {
      if (TAG_KEYS.has(k)) {
        const c = (child ?? {}) as Obj;
        const values = [...(Array.isArray(c.enum) ? c.enum : []), ...(Array.isArray((c.items as Obj | undefined)?.enum) ? ((c.items as Obj).enum as unknown[]) : [])];
        for (const v of values) if (typeof v === 'string') found(v);
      }
    }
  }
  for (const v of Object.values(o)) if (v && typeof v === 'object') schemaTags(v, found);
}

/** Taste words named by the tool schemas: the attribute vocabulary for the disagreement lint. */
export function tasteVocabulary(toolSchemas: unknown): Set<string> {
  const out = new Set<string>();
  const walk = (schema: unknown): void => {
    if (Array.isArray(schema)) return schema.forEach(walk);
    if (!schema || typeof schema !== 'object') return;
    const o = schema as Obj;
    const taste = (o.properties as Obj | undefined)?.taste as Obj | undefined;
    if (taste) {
      const values = [...(Array.isArray(taste.enum) ? taste.enum : []), ...(Array.isArray((taste.items as Obj | undefined)?.enum) ? ((taste.items as Obj).enum as unknown[]) : [])];
      for (const v of values) if (typeof v === 'string' && /^[a-z]+$/.test(v)) out.add(v);
    }
    for (const v of Object.values(o)) if (v && typeof v === 'object') walk(v);
  };
  walk(toolSchemas);
  return out;
}
