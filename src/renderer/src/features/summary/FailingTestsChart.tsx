import type { FailingTestsView } from '../../../../shared/ipc';

const WIDTH = 240;
const HEIGHT = 60;

/** The failing-tests metric now and its history (SPEC §12). "Not measurable" is a gap, never a zero. */
export function FailingTests({ metric }: { metric: FailingTestsView }) {
  const points = metric.history;
  const measured = points.map((point) => point.failing).filter((value): value is number => value !== null);
  const max = Math.max(1, ...measured);
  const step = points.length > 1 ? WIDTH / (points.length - 1) : 0;
  const y = (value: number): number => HEIGHT - 4 - (value / max) * (HEIGHT - 8);
  // Break the line at every unmeasurable point so a gap is never drawn as a value.
  const runs: string[] = [];
  let current: string[] = [];
  points.forEach((point, index) => {
    if (point.failing === null) {
      if (current.length > 0) runs.push(current.join(' '));
      current = [];
    } else current.push(`${(index * step).toFixed(1)},${y(point.failing).toFixed(1)}`);
  });
  if (current.length > 0) runs.push(current.join(' '));

  return (
    <section className="failing-tests" aria-label="Failing tests">
      <h3>Failing tests</h3>
      <p className="failing-now">
        {metric.measurable && metric.failing !== null ? (
          <strong>{metric.failing}</strong>
        ) : (
          <span>
            not measurable{metric.reason ? <span className="hint"> — {metric.reason}</span> : null}
          </span>
        )}
      </p>
      {points.length > 0 && (
        <svg width={WIDTH} height={HEIGHT} viewBox={`-4 0 ${WIDTH + 8} ${HEIGHT}`} role="img" aria-label={`History of failing tests, ${points.length} runs`}>
          <line x1={0} y1={HEIGHT - 4} x2={WIDTH} y2={HEIGHT - 4} className="chart-axis" />
          {runs.map((run) => (
            <polyline key={run} points={run} className="chart-line" fill="none" />
          ))}
          {points.map((point, index) =>
            point.failing === null ? (
              <text key={index} x={index * step} y={HEIGHT - 8} className="chart-gap" textAnchor="middle">
                ?<title>{`${point.at}: not measurable`}</title>
              </text>
            ) : (
              <circle key={index} cx={index * step} cy={y(point.failing)} r={2.5} className="chart-point">
                <title>{`${point.at}: ${point.failing} failing`}</title>
              </circle>
            ),
          )}
        </svg>
      )}
    </section>
  );
}
