// Modes the trajectories name that dataset.json does not list (a typo such as "Static", or a
// release's own names such as "easy"): SPEC §10 scores each as a mode of its own, which moves a
// model's overall figure. Said (a note, not a problem) by the CLI and by Reports.

/** Each unlisted mode and the models with runs in it, in order of first appearance; none when dataset.json lists no modes. */
export function unlistedModes(listed: readonly string[], trajectories: Iterable<{ model: string; mode: string }>): Map<string, Set<string>> {
  const unlisted = new Map<string, Set<string>>();
  if (listed.length === 0) return unlisted;
  for (const t of trajectories) if (!listed.includes(t.mode)) unlisted.set(t.mode, (unlisted.get(t.mode) ?? new Set()).add(t.model));
  return unlisted;
}

/** The note for one unlisted mode (the caller escapes names for a terminal). */
export function unlistedModeNote(mode: string, models: Iterable<string>, listed: readonly string[], show: (text: string) => string = (t) => t): string {
  return `mode "${show(mode)}" (${[...models].map(show).join(', ')}) is not among dataset.json's modes (${listed.map(show).join(', ')}): scored as a mode of its own (SPEC §10), which counts in the overall figure`;
}
