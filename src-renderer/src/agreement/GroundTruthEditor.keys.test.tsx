// @vitest-environment happy-dom
// Escape leaves the ground-truth editor only when it holds nothing new: a half-typed text that
// does not parse yet is work too.
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { GroundTruth } from '../../../shared/format/types';
import { callsText, GroundTruthEditor } from './GroundTruthEditor';

afterEach(cleanup);

const base: GroundTruth = { task_id: 't1', calls: [{ tool_name: 'a', parameters: {} }], visual_refs: [], source: 'agreed' };

function editor(text: string) {
  const onClose = vi.fn();
  const view = render(<GroundTruthEditor datasetId="d" base={base} current={base} library={undefined} adjudicator="dave" text={text} onText={() => undefined} note="" onNote={() => undefined} kept={null} onClose={onClose} />);
  fireEvent.keyDown(view.getByTestId('ground-truth-text'), { key: 'Escape' });
  view.unmount();
  return onClose;
}

it('Escape closes an edit that holds nothing new', () => {
  expect(editor(callsText(base.calls))).toHaveBeenCalledWith(null);
});

it('Escape keeps an edit whose text does not parse yet, or parses to other calls', () => {
  expect(editor('[ {"tool_name": "a", "parameters": {}')).not.toHaveBeenCalled();
  expect(editor(callsText([{ tool_name: 'b', parameters: {} }]))).not.toHaveBeenCalled();
});
