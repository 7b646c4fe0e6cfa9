// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LabelPills } from './LabelPills';
import { ReviewedLabelBadge } from './reviews/ReviewedLabelBadge';

afterEach(cleanup);

const rita = { label: 'logic', reviewer: 'rita' };
const pills = (label: string, fired: boolean, review: typeof rita | null) => render(<LabelPills label={label} fired={fired} review={review} />).container.textContent;

describe('the label in the taxonomy and the header', () => {
  it('names the cascade’s label automatic when a review set another, and the review’s predicate the label', () => {
    expect(pills('perception', true, null)).toBe('label');
    expect(pills('perception', true, rita)).toBe('automatic label');
    expect(pills('logic', false, rita)).toBe('label ✎ rita');
    expect(pills('logic', true, rita)).toBe('label✎ confirmed by rita');
    expect(pills('correct', false, rita)).toBe('');
  });

  it('shows the review’s label in the header badge, with the automatic one beside it', () => {
    const { getByTestId, queryByTestId, rerender } = render(<ReviewedLabelBadge auto="perception" review={rita} imported={false} />);
    expect(getByTestId('label-badge').textContent).toBe('logic');
    expect(getByTestId('label-badge').className).toContain('label-logic');
    expect(getByTestId('label-origin').textContent).toBe('✎ by rita (auto: perception)');
    rerender(<ReviewedLabelBadge auto="perception" review={null} imported={false} />);
    expect(getByTestId('label-badge').textContent).toBe('perception');
    expect(queryByTestId('label-origin')).toBeNull();
  });
});
