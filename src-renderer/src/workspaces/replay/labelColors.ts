// The labels' colours (shared/report/label-colors.ts, which the Reports charts use too) as CSS
// variables on the document, read by replay.css's .label-* rules: the palette is written once.
// Set through the CSSOM, which the page's style-src policy allows (no inline <style>).
import { LABEL_COLORS, labelColorProperty } from '../../../../shared/report/label-colors';

export function applyLabelColors(root: HTMLElement): void {
  for (const [label, color] of Object.entries(LABEL_COLORS)) root.style.setProperty(labelColorProperty(label), color);
}
