// Shown while the open dataset is evaluated: how many trajectories are scored so far, and for how long.
import { useEffect, useState } from 'react';

function Elapsed() {
  const [since] = useState(() => Date.now());
  const [now, setNow] = useState(since);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return <span>{((now - since) / 1000).toFixed(1)} s</span>;
}

export function EvaluationProgress({ datasetName, scored }: { datasetName: string; scored: number }) {
  return (
    <div className="report-progress" role="progressbar" aria-label="Evaluating" data-testid="report-progress">
      <progress />
      <span>
        Evaluating the trajectories of {datasetName}: {scored.toLocaleString()} so far… <Elapsed />
      </span>
    </div>
  );
}
