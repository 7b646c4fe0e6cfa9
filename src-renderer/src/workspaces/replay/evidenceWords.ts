// A label's evidence in the UI's words: the evaluator counts calls and ground-truth rows from 0
// ("gt_call": 2, "entry": 2), the UI from 1 ("call 3", rows 1-3), and the raw JSON beside
// "call 3" read as a contradiction. The JSON stays, behind its disclosure.

const isIndex = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** Phrases naming what the evidence points at, 1-based: "call 3", "ground-truth row 3", "missing ground-truth row 2 (add_to_cart)". */
export function evidenceInWords(evidence: unknown): string[] {
  if (typeof evidence !== 'object' || evidence === null || Array.isArray(evidence)) return [];
  const e = evidence as Record<string, unknown>;
  const words: string[] = [];
  if (isIndex(e.entry)) words.push(`call ${e.entry + 1}`);
  if (isIndex(e.gt_call)) words.push(`ground-truth row ${e.gt_call + 1}`);
  if (typeof e.path === 'string') words.push(`at ${e.path}${'value' in e ? `: ${JSON.stringify(e.value)}` : ''}`);
  for (const item of Array.isArray(e.missing) ? e.missing : []) {
    const { gt_call, tool_name } = (item ?? {}) as { gt_call?: unknown; tool_name?: unknown };
    if (isIndex(gt_call)) words.push(`missing ground-truth row ${gt_call + 1}${typeof tool_name === 'string' ? ` (${tool_name})` : ''}`);
  }
  for (const item of Array.isArray(e.extra_calls) ? e.extra_calls : []) {
    const { entry } = (item ?? {}) as { entry?: unknown };
    if (isIndex(entry)) words.push(`extra call ${entry + 1}`);
  }
  return words;
}
