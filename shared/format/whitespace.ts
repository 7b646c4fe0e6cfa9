// Whitespace as SPEC means it (§8.1 "runs of whitespace", "trimmed"; §9.1 "empty after trimming"):
// Unicode's White_Space property. JavaScript's \s and trim() also take U+FEFF (a zero-width
// no-break space, not whitespace) and miss U+0085 (next line, which is).

const EDGES = /^\p{White_Space}+|\p{White_Space}+$/gu;
const RUNS = /\p{White_Space}+/gu;
const EDGE_SPACE = /^ | $/g;

/** Whether a UTF-16 code unit may be whitespace at a string's edge: a cheap test before the regex. */
function maySpace(code: number): boolean {
  return code <= 0x20 || code === 0x85 || code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x3000);
}

/** The string without Unicode whitespace at either end (tool names, trimmed as SPEC says). */
export function trimSpace(text: string): string {
  if (text.length === 0 || (!maySpace(text.charCodeAt(0)) && !maySpace(text.charCodeAt(text.length - 1)))) return text;
  return text.replace(EDGES, '');
}

/** Each run of whitespace as one space, none at either end (SPEC §8.1's canonical strings). */
export function collapseSpace(text: string): string {
  return text.replace(RUNS, ' ').replace(EDGE_SPACE, '');
}
