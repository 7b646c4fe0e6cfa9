// @vitest-environment happy-dom
// The labels' colours are written once (shared/report/label-colors.ts, the Reports charts' too):
// replay.css must give every label its variable, and the document must hold the variables.
import { describe, expect, it } from 'vitest';
import { LABEL_COLORS, labelColorProperty } from '../../../../shared/report/label-colors';
import { applyLabelColors } from './labelColors';
import css from './replay.css?raw';


describe('label colours', () => {
  it("replay.css colours every label of the palette from its variable, and no label with a colour of its own", () => {
    for (const label of Object.keys(LABEL_COLORS)) expect(css).toContain(`.label-${label} { --label: var(${labelColorProperty(label)}); }`);
    // No hex colour left in a .label-* rule (the palette lives in one place).
    const labelRules = [...css.matchAll(/((?:\.label-[a-z_]+[,\s]*)+)\{([^}]*)\}/g)].map((m) => m[2]);
    expect(labelRules.length).toBeGreaterThan(0);
    for (const body of labelRules) expect(body).not.toMatch(/#[0-9a-f]{3,6}\b|rgb\(/i);
  });

  it('sets each label colour as a variable on the root', () => {
    applyLabelColors(document.documentElement);
    for (const [label, color] of Object.entries(LABEL_COLORS)) expect(document.documentElement.style.getPropertyValue(labelColorProperty(label))).toBe(color);
  });
});
