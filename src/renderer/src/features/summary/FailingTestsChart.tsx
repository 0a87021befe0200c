import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis, type DotProps } from 'recharts';
import type { FailingTestsView } from '../../../../shared/ipc';

type Point = FailingTestsView['history'][number];

/** "30 Nov 14:05": a run's date on the axis and in the list. */
function shortDate(at: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return date.toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

function verdict(point: Point): { word: string; kind: 'pass' | 'fail' | 'gap' } {
  if (point.failing === null) return { word: 'not measurable', kind: 'gap' };
  return point.failing === 0
    ? { word: 'passed: 0 failing', kind: 'pass' }
    : { word: `${point.failing} failing`, kind: 'fail' };
}

/** A pass (green) or fail (red) mark on each measured run; unmeasurable runs have no mark and break the line. */
function RunMark(props: DotProps & { payload?: Point; index?: number }) {
  const { cx, cy, payload, index } = props;
  if (cx === undefined || cy === undefined || !payload || payload.failing === null) return null;
  const pass = payload.failing === 0;
  return (
    <circle
      key={index}
      cx={cx}
      cy={cy}
      r={4}
      className={pass ? 'chart-mark-pass' : 'chart-mark-fail'}
      role="img"
      aria-label={pass ? 'pass' : 'fail'}
    />
  );
}

/** The failing-tests metric now and its history (SPEC §12), drawn with recharts. "Not measurable" is a gap, never a zero. */
export function FailingTests({ metric }: { metric: FailingTestsView }) {
  const points = metric.history.map((point, index) => ({ ...point, run: index + 1, label: shortDate(point.at) }));
  return (
    <section className="failing-tests" aria-label="Failing tests">
      <h2>Failing tests</h2>
      <p className="failing-now">
        {metric.measurable && metric.failing !== null ? (
          <strong>{metric.failing}</strong>
        ) : (
          <span>not measurable{metric.reason ? <span className="hint"> — {metric.reason}</span> : null}</span>
        )}
      </p>
      {points.length > 0 && (
        <>
          <div className="failing-chart" role="img" aria-label={`History of failing tests, ${points.length} runs`}>
            <ResponsiveContainer width="100%" height={180}>
              <LineChart data={points} margin={{ top: 8, right: 16, bottom: 28, left: 8 }}>
                <CartesianGrid strokeDasharray="3 3" className="chart-grid" />
                <XAxis
                  dataKey="label"
                  tick={{ fontSize: 10 }}
                  label={{ value: 'Test run (date)', position: 'insideBottom', offset: -18, fontSize: 11 }}
                />
                <YAxis
                  allowDecimals={false}
                  tick={{ fontSize: 10 }}
                  width={40}
                  label={{ value: 'Failing tests', angle: -90, position: 'insideLeft', offset: 8, fontSize: 11 }}
                />
                <Tooltip
                  formatter={(value) => [
                    value === null || value === undefined ? 'not measurable' : `${String(value)} failing`,
                    'Failing tests',
                  ]}
                  labelFormatter={(label) => `Run of ${String(label)}`}
                />
                <Line
                  type="linear"
                  dataKey="failing"
                  connectNulls={false}
                  className="chart-line"
                  stroke="var(--accent)"
                  isAnimationActive={false}
                  dot={<RunMark />}
                />
              </LineChart>
            </ResponsiveContainer>
          </div>
          <ol className="failing-runs" aria-label="Test runs">
            {[...points].reverse().map((point) => {
              const { word, kind } = verdict(point);
              return (
                <li key={`${point.at}-${point.run}`} className={`failing-run failing-run-${kind}`}>
                  <span className="failing-run-mark" aria-hidden="true">
                    {kind === 'pass' ? '✓' : kind === 'fail' ? '✗' : '?'}
                  </span>
                  <time dateTime={point.at}>{point.label}</time> <span>{word}</span>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}
