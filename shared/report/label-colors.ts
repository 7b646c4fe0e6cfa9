// One colour per failure label, wherever the user meets the label: Replay's chips, badges and
// matrix letters (as CSS variables, src-renderer/src/workspaces/replay/labelColors.ts) and the
// Reports charts, in the studio and in exported SVG. Okabe & Ito's palette ("Color Universal
// Design", 2008): its colours stay apart under the common colour-vision deficiencies, where the
// former blue perception and violet hallucination looked alike. Grey stays for labels that are
// not a judgement of the agent's reasoning (syntactic: the call did not parse; unknown).
export const LABEL_COLORS: Readonly<Record<string, string>> = {
  correct: '#009e73', // bluish green
  syntactic: '#8a8a8a', // grey
  perception: '#0072b2', // blue
  hallucination: '#cc79a7', // reddish purple
  logic: '#e69f00', // orange
  memory: '#56b4e9', // sky blue
  over_operation: '#d55e00', // vermillion
  unknown: '#c4c4c4', // light grey (drawn dashed in Replay)
};

/** The CSS custom property that holds a label's colour in the studio. */
export function labelColorProperty(label: string): string {
  return `--label-${label}`;
}
