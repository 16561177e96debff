import { useMemo, useState } from 'react';
import { api, fetchHealth } from '../api/client.ts';
import { Busy } from '../components/busy.tsx';
import { Chart } from '../components/chart.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { errorCauseLabel } from '../lib/error-cause.ts';
import { formatNumber } from '../lib/format.ts';
import { useLoad } from '../lib/use-load.ts';

interface Overview {
  total_servers: number;
  active_servers: number;
  total_tools: number;
  active_tools: number;
  calls_today: number;
  calls_yesterday: number;
  avg_response_ms: number;
  success_rate: number;
  /** Estimated tokens of the content returned to clients over the range. */
  tokens_served?: number;
}
interface Day {
  date: string;
  calls: number;
  errors: number;
  avg_ms: number;
  p95_ms: number | null;
}
interface ToolRow {
  server_name: string;
  tool_name: string | null;
  calls: number;
  errors: number;
  avg_ms: number;
}
interface StatusRow {
  status: string;
  calls: number;
  http_status: Record<string, number>;
}
interface PersonRow {
  user_uuid: string;
  email: string | null;
  display_name: string | null;
  calls: number;
  errors: number;
  avg_response_ms: number;
}
interface Health {
  status: string;
  version: string;
  checks: Record<string, { status: string; message?: string }>;
}

export function Dashboard() {
  const [days, setDays] = useState(7);
  const data = useLoad(
    () =>
      Promise.all([
        api<Overview>('GET', `/analytics/overview?days=${days}`),
        api<Day[]>('GET', `/analytics/timeseries?days=${days}`),
        api<ToolRow[]>('GET', `/analytics/breakdown?by=tool&days=${days}`),
        api<StatusRow[]>('GET', `/analytics/breakdown?by=status&days=${days}`),
        fetchHealth<Health>().catch((e) => ({ status: 'fail', version: '', checks: {}, error: e }) as Health),
      ]),
    [days],
  );
  const [overview, series, tools, statuses, health] = data.data ?? [];
  const dates = useMemo(() => series?.map((d) => d.date) ?? [], [series]);
  const callSeries = useMemo(
    () => [
      { label: 'Calls', values: series?.map((d) => d.calls) ?? [], color: '#1f6feb' },
      { label: 'Errors', values: series?.map((d) => d.errors) ?? [], color: '#cf222e' },
    ],
    [series],
  );
  const latencySeries = useMemo(
    () => [
      { label: 'p95 ms', values: series?.map((d) => d.p95_ms) ?? [], color: '#8250df' },
      {
        label: 'Average ms',
        values: series?.map((d) => d.avg_ms || null) ?? [],
        color: '#1a7f37',
      },
    ],
    [series],
  );
  const errors = statuses?.find((s) => s.status === 'error');
  // People appear once servers sign them in; a failed read only leaves the card out.
  const people = useLoad(
    () => api<PersonRow[]>('GET', `/analytics/breakdown?by=user&days=${days}`).catch(() => []),
    [days],
  ).data;

  return (
    <section>
      <div className="page-head">
        <h1>Dashboard</h1>
        <div className="segmented" role="radiogroup" aria-label="Period">
          {[7, 30, 90].map((d) => (
            <label key={d} className={days === d ? 'on' : ''}>
              <input type="radio" name="days" checked={days === d} onChange={() => setDays(d)} />
              {d} days
            </label>
          ))}
        </div>
      </div>
      <ErrorNotice error={data.error} />
      {!data.data && data.loading && <Busy />}
      {overview && (
        <div className="cards" data-testid="overview">
          <Card label="Servers" value={overview.total_servers} sub={`${overview.active_servers} active`} />
          <Card label="Tools" value={overview.total_tools} sub={`${overview.active_tools} active`} />
          <Card
            label="Calls today"
            value={overview.calls_today}
            sub={`${formatNumber(overview.calls_yesterday)} yesterday`}
            testId="calls-today"
          />
          <Card
            label="Success rate"
            value={`${overview.success_rate.toFixed(1)} %`}
            sub={`last ${days} days`}
          />
          <Card
            label="Tokens served"
            value={formatNumber(overview.tokens_served ?? 0)}
            sub={`estimated, last ${days} days`}
            testId="tokens-served"
          />
          <Card
            label="Average latency"
            value={`${formatNumber(overview.avg_response_ms)} ms`}
            sub={`last ${days} days`}
          />
          <Card
            label="Health"
            value={health?.status ?? '—'}
            sub={
              health
                ? Object.entries(health.checks)
                    .filter(([, c]) => c.status !== 'ok')
                    .map(([k]) => k)
                    .join(', ') || 'all checks ok'
                : ''
            }
            tone={health?.status === 'ok' ? 'ok' : 'warn'}
            href="#/health"
          />
        </div>
      )}
      {series && (
        <div className="grid two">
          <section className="card" aria-labelledby="calls-chart">
            <h2 id="calls-chart">Calls and errors per day</h2>
            <Chart title={`Calls and errors per day, last ${days} days`} dates={dates} series={callSeries} />
          </section>
          <section className="card" aria-labelledby="latency-chart">
            <h2 id="latency-chart">Latency per day (p95 and average)</h2>
            <Chart
              title={`p95 and average latency per day, last ${days} days`}
              dates={dates}
              series={latencySeries}
              unit="ms"
            />
          </section>
        </div>
      )}
      <div className="grid two">
        {tools && (
          <section className="card" aria-labelledby="top-tools">
            <h2 id="top-tools">Top tools</h2>
            {tools.length === 0 ? (
              <p className="muted">No calls in this period.</p>
            ) : (
              <div className="scroll-x">
                <table data-testid="top-tools">
                  <thead>
                    <tr>
                      <th scope="col">Tool</th>
                      <th scope="col">Server</th>
                      <th scope="col" className="num">
                        Calls
                      </th>
                      <th scope="col" className="num">
                        Errors
                      </th>
                      <th scope="col" className="num">
                        Avg ms
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {tools.slice(0, 10).map((t) => (
                      <tr key={`${t.server_name}/${t.tool_name}`}>
                        <td>{t.tool_name ?? '(other methods)'}</td>
                        <td>{t.server_name}</td>
                        <td className="num">{formatNumber(t.calls)}</td>
                        <td className="num">{formatNumber(t.errors)}</td>
                        <td className="num">{formatNumber(Math.round(t.avg_ms))}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        )}
        {statuses && (
          <section className="card" aria-labelledby="error-breakdown">
            <h2 id="error-breakdown">Errors by cause</h2>
            {!errors || errors.calls === 0 ? (
              <p className="muted">No errors in this period.</p>
            ) : (
              <div className="scroll-x">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Upstream status or cause</th>
                      <th scope="col" className="num">
                        Errors
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {Object.entries(errors.http_status)
                      .sort((a, b) => b[1] - a[1])
                      .map(([code, n]) => (
                        <tr key={code}>
                          <td>{errorCauseLabel(code)}</td>
                          <td className="num">{formatNumber(n)}</td>
                        </tr>
                      ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        )}
      </div>
      {people && people.length > 0 && (
        <section className="card" aria-labelledby="top-people">
          <h2 id="top-people">Top people</h2>
          <div className="scroll-x">
            <table data-testid="top-people">
              <thead>
                <tr>
                  <th scope="col">Person</th>
                  <th scope="col" className="num">
                    Calls
                  </th>
                  <th scope="col" className="num">
                    Errors
                  </th>
                  <th scope="col" className="num">
                    Avg ms
                  </th>
                </tr>
              </thead>
              <tbody>
                {people.slice(0, 10).map((p) => (
                  <tr key={p.user_uuid}>
                    <td>
                      <a href={`#/logs?user_id=${encodeURIComponent(p.user_uuid)}`}>
                        {p.email ?? `deleted user ${p.user_uuid.slice(0, 8)}`}
                      </a>
                    </td>
                    <td className="num">{formatNumber(p.calls)}</td>
                    <td className="num">{formatNumber(p.errors)}</td>
                    <td className="num">{formatNumber(p.avg_response_ms)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      {series && (
        <details className="card">
          <summary>Figures per day (table)</summary>
          <div className="scroll-x">
            <table>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col" className="num">
                    Calls
                  </th>
                  <th scope="col" className="num">
                    Errors
                  </th>
                  <th scope="col" className="num">
                    Avg ms
                  </th>
                  <th scope="col" className="num">
                    p95 ms
                  </th>
                </tr>
              </thead>
              <tbody>
                {series.map((d) => (
                  <tr key={d.date}>
                    <td>{d.date}</td>
                    <td className="num">{d.calls}</td>
                    <td className="num">{d.errors}</td>
                    <td className="num">{d.avg_ms}</td>
                    <td className="num">{d.p95_ms ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </section>
  );
}

function Card({
  label,
  value,
  sub,
  tone,
  href,
  testId,
}: {
  label: string;
  value: number | string;
  sub?: string;
  tone?: string;
  href?: string;
  testId?: string;
}) {
  const inner = (
    <>
      <span className="stat-label">{label}</span>
      <span className="stat-value" data-testid={testId}>
        {typeof value === 'number' ? formatNumber(value) : value}
      </span>
      {sub && <span className="stat-sub">{sub}</span>}
    </>
  );
  return href ? (
    <a className={`stat ${tone ?? ''}`} href={href}>
      {inner}
    </a>
  ) : (
    <div className={`stat ${tone ?? ''}`}>{inner}</div>
  );
}
