// A person's name where it becomes a file name as it is (annotations/<annotator>.jsonl, a team's
// members, whose names name their annotation and review files): one rule for the renderer and the host.

/** Letters, digits, '.', '_' and '-', 1 to 64 of them, starting with a letter or digit and not ending with '.'. */
export function isValidPersonName(name: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(name) && !name.endsWith('.');
}
