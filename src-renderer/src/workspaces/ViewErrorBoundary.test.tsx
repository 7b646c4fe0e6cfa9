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

  it("offers a reload beside Try again when the view's script could not be fetched (the studio may have been rebuilt since the page loaded)", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Lazy(): never {
      throw new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:5199/assets/ReportsWorkspace-BE5g56Zo.js');
    }
    const { getByTestId, getByText } = render(
      <ViewErrorBoundary name="Reports">
        <Lazy />
      </ViewErrorBoundary>,
    );
    expect(getByTestId('view-failure').textContent).toContain('reload the page');
    expect(getByText('Reload the page')).toBeTruthy();
    expect(getByText('Try again')).toBeTruthy();
    vi.restoreAllMocks();
  });
});
