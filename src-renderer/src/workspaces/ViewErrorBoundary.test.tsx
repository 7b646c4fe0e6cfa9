// @vitest-environment happy-dom
// A view that throws leaves its message in its place, not a blank studio; Try again renders it afresh.
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ViewErrorBoundary } from './ViewErrorBoundary';

afterEach(cleanup);

describe('ViewErrorBoundary', () => {
  it('shows what failed in place of the view, keeps what is around it, and tries again on request', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React and the boundary report the error
    let broken = true;
    function View() {
      if (broken) throw new TypeError("Cannot read properties of null (reading 'toFixed')");
      return <p>the view</p>;
    }
    const { getByTestId, getByText, queryByTestId } = render(
      <div>
        <nav>tabs</nav>
        <ViewErrorBoundary name="Adjudicate">
          <View />
        </ViewErrorBoundary>
      </div>,
    );
    expect(getByTestId('view-failure').textContent).toContain('Adjudicate could not be shown');
    expect(getByTestId('view-failure').textContent).toContain("Cannot read properties of null (reading 'toFixed')");
    expect(getByText('tabs')).toBeTruthy();
    broken = false;
    fireEvent.click(getByText('Try again'));
    expect(queryByTestId('view-failure')).toBeNull();
    expect(getByText('the view')).toBeTruthy();
    vi.restoreAllMocks();
  });
});
