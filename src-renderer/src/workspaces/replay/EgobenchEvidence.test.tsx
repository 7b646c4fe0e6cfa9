// @vitest-environment happy-dom
// Under a review that relabels a run, the egobench profile's class list says as the paper
// profile's cascade does which class is the automatic label and which the review's label.
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { ReplayDetail } from '../../evaluation/protocol';
import { CascadePanel } from './CascadePanel';

afterEach(cleanup);

const detail = { row: { id: 'r', label: 'perception', evidence: { reason: 'x' } }, cascade: null, profile: 'egobench' } as unknown as ReplayDetail;
const pills = (container: HTMLElement, label: string) =>
  [...container.querySelectorAll(`[data-testid="egobench-evidence"] [data-label="${label}"] .pill`)].map((pill) => pill.textContent);

it("egobench profile: the class that fired is the automatic label under a review, the review's class the label", () => {
  const { container } = render(<CascadePanel detail={detail} review={{ label: 'logic', reviewer: 'rita' }} onGoto={() => undefined} />);
  expect(pills(container, 'perception')).toEqual(['automatic label']);
  expect(pills(container, 'logic')).toEqual(['label ✎ rita']);
});

it("egobench profile: the review's class row is marked as the paper cascade's is (the automatic one set aside)", () => {
  const { container } = render(<CascadePanel detail={detail} review={{ label: 'logic', reviewer: 'rita' }} onGoto={() => undefined} />);
  const row = (label: string) => container.querySelector(`[data-testid="egobench-evidence"] [data-label="${label}"]`)!.className.split(' ');
  expect(row('logic')).toContain('reviewed');
  expect(row('perception')).toEqual(expect.arrayContaining(['fired', 'overridden']));
  expect(row('memory')).not.toContain('reviewed');
});

it('egobench profile: with no review, the class that fired is the label', () => {
  const { container } = render(<CascadePanel detail={detail} review={null} onGoto={() => undefined} />);
  expect(pills(container, 'perception')).toEqual(['label']);
  expect(pills(container, 'logic')).toEqual([]);
});
