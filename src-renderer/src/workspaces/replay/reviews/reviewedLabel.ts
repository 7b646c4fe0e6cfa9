// How Replay names a run's label once a reviewer overrode it: the review's label is the one that
// counts (Reports applies the latest review, shared/report/build.ts), the automatic one is still
// said, as such. Pure, for the list's cell (and its width), the header and the taxonomy.

/** A review's label and its reviewer (the latest review of the run). */
export interface LabelReview {
  label: string;
  reviewer: string;
}

/** The list's Label cell as text: "logic ✎ (auto: perception)", "perception ✎" (confirmed), or the automatic label. */
export function labelCellText(auto: string, override: string | null): string {
  if (override === null) return auto;
  return override === auto ? `${auto} ✎` : `${override} ✎ (auto: ${auto})`;
}

/** The texts the overridden rows' Label cells show, each once (for the column's width). */
export function overriddenCellTexts(rows: Iterable<{ id: string; label: string }>, overrides: ReadonlyMap<string, string>): string[] {
  const texts = new Set<string>();
  if (overrides.size === 0) return [];
  for (const row of rows) {
    const override = overrides.get(row.id);
    if (override !== undefined) texts.add(labelCellText(row.label, override));
  }
  return [...texts];
}

/** The header badge's tooltip: where the label shown comes from. */
export function labelTitle(auto: string, review: LabelReview | null, imported: boolean): string {
  if (review === null) return 'Automatic label (the taxonomy cascade); no review overrides it';
  const counts = imported ? "Reports counts it once the run's file is under trajectories/" : 'Reports counts it (with overrides)';
  return review.label === auto
    ? `Automatic label, confirmed by ${review.reviewer}'s review`
    : `${review.reviewer}'s review set the label to ${review.label}: ${counts}. The automatic label is ${auto}`;
}
