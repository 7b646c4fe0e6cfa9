// The problems panel: why the last dataset opened could not be opened, or what its files hold
// wrong, each problem with its file and line (the loader's list, SPEC §1). Opens by itself when
// the dataset cannot be used (no task loads); else from "⚠ N problems" in the status bar. Once the
// trajectories are scored, their problems are listed too (studioProblems.ts). Grouped once per
// list, in one pass: copying each file's list per problem froze the page for a minute on a
// 430 KB file of 200,000 bad lines.
import { useMemo } from 'react';
import { Dialog } from '../components/Dialog';
import { ProblemList } from '../components/ProblemList';
import { useDatasetProblems } from '../state/store';
import { problemsByFile } from './problemsByFile';

/** Problems shown per file; the rest are counted ("and N more"): a file of 100,000 bad lines is one mistake repeated. */
const SHOWN_PER_FILE = 500;

export function DatasetProblems() {
  const { check, problems, open, setOpen } = useDatasetProblems();
  const byFile = useMemo(() => problemsByFile(problems), [problems]);
  if (!check) return null;
  const { name, failure, tasks } = check;
  const scoring = problems.length - check.problems.length;
  return (
    <Dialog
      open={open}
      onClose={() => setOpen(false)}
      title={`Problems in ${name}`}
      description={
        failure
          ? 'The studio could not open this dataset.'
          : `${problems.length} problem(s) in ${byFile.size} file(s)${scoring > 0 ? `, ${scoring} of them found scoring the trajectories` : ''}; ${tasks === 0 ? 'no task could be read, so there is nothing to annotate or score.' : `${tasks} task(s) loaded, what is listed was left out.`} Fix the files: this list follows the annotation, ground-truth, review and trajectory files as they change; after mending another file, open the dataset again.`
      }
      className="dataset-problems"
      testId="dataset-problems"
    >
      {failure && <p className="error-text">{failure}</p>}
      {/* Open while the files were mended: it had stayed an empty table. */}
      {!failure && problems.length === 0 && (
        <p role="status" data-testid="no-problems-left">
          No problem left: the files as they are now load without one.
        </p>
      )}
      {[...byFile].map(([file, list]) => (
        <section key={file}>
          <h3 className="mono">{file}</h3>
          <ProblemList problems={list} limit={SHOWN_PER_FILE} />
        </section>
      ))}
    </Dialog>
  );
}
