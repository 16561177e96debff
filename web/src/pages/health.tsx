import { useState } from 'react';
import { api, fetchHealth } from '../api/client.ts';
import { Busy } from '../components/busy.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { useAuth } from '../lib/auth.tsx';
import { formatDate } from '../lib/format.ts';
import { useLoad } from '../lib/use-load.ts';

interface Health {
  status: string;
  version: string;
  db_version: string;
  uptime_seconds: number;
  checked_at: string;
  checks: Record<string, { status: string; [k: string]: unknown }>;
}
interface Diagnostic {
  checked_at: string;
  results: Array<{
    server_uuid: string;
    slug: string;
    endpoint_url: string;
    /** ok, warn or fail: the worse of the probe and the server's recent MCP calls */
    status: string;
    http_status: number | null;
    latency_ms: number | null;
    tool_count: number | null;
    error: string | null;
    note?: string;
    recent_calls?: { calls: number; errors: number; error_rate: number | null; window_minutes?: number };
    /** why the recent calls make the status warn or fail */
    warning?: string;
  }>;
}

/** "3 of 12 failed (25 %)" over the diagnostic's window, or — without calls. */
function describeRecentCalls(r: Diagnostic['results'][number]['recent_calls']): string {
  if (!r || r.calls === 0) return '—';
  const rate = r.error_rate === null ? '' : ` (${Math.round(r.error_rate * 100)} %)`;
  return `${r.errors} of ${r.calls} failed${rate}`;
}

/** The public health checks, and the in-depth diagnostic (initialize + tools/list per active server, and its recent calls). */
export function Health() {
  const { can } = useAuth();
  const health = useLoad(() => fetchHealth<Health>(), []);
  const [diag, setDiag] = useState<Diagnostic>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const run = async () => {
    setBusy(true);
    setError(undefined);
    try {
      setDiag(await api<Diagnostic>('POST', '/settings/health-check'));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const h = health.data;
  return (
    <section>
      <div className="page-head">
        <h1>Health</h1>
        <button type="button" className="btn" onClick={health.reload}>
          Refresh
        </button>
      </div>
      <ErrorNotice error={health.error} />
      {!h && health.loading && <Busy />}
      {h && (
        <div className="card">
          <p>
            Overall <StatusBadge status={h.status} /> · version {h.version} · schema {h.db_version} · up{' '}
            {Math.round(h.uptime_seconds / 60).toLocaleString()} min · checked {formatDate(h.checked_at)}
          </p>
          <table>
            <thead>
              <tr>
                <th scope="col">Check</th>
                <th scope="col">Status</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(h.checks).map(([name, c]) => {
                const { status, ...extras } = c;
                return (
                  <tr key={name}>
                    <td>{name}</td>
                    <td>
                      <StatusBadge status={status} />
                    </td>
                    <td className="small">
                      {Object.entries(extras)
                        .map(([k, v]) => `${k}: ${String(v)}`)
                        .join(' · ') || '—'}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {can('svc_manage_settings') && (
        <section className="card" aria-labelledby="diag-title">
          <h2 id="diag-title">In-depth diagnostic</h2>
          <p className="muted">
            Runs initialize and tools/list against every active server's own endpoint, in parallel, and weighs
            each server's recent MCP calls: a server whose calls fail warns or fails even when its endpoint
            answers.
          </p>
          <button type="button" className="btn btn-primary" onClick={run} disabled={busy}>
            {busy ? 'Checking…' : 'Run diagnostic'}
          </button>
          {busy && <Busy label="Checking every active server…" />}
          <ErrorNotice error={error} />
          {diag && (
            <div className="table-wrap">
              <table data-testid="diagnostic">
                <caption>Checked {formatDate(diag.checked_at)}</caption>
                <thead>
                  <tr>
                    <th scope="col">Server</th>
                    <th scope="col">Status</th>
                    <th scope="col">HTTP</th>
                    <th scope="col" className="num">
                      ms
                    </th>
                    <th scope="col" className="num">
                      Tools
                    </th>
                    <th scope="col">Recent calls</th>
                    <th scope="col">Error / warning</th>
                  </tr>
                </thead>
                <tbody>
                  {diag.results.length === 0 && (
                    <tr>
                      <td colSpan={7}>No active servers.</td>
                    </tr>
                  )}
                  {diag.results.map((r) => (
                    <tr key={r.server_uuid}>
                      <td>
                        <a href={`#/servers/${r.server_uuid}/tools`}>{r.slug}</a>
                      </td>
                      <td>
                        <StatusBadge status={r.status} />
                      </td>
                      <td>{r.http_status ?? '—'}</td>
                      <td className="num">{r.latency_ms ?? '—'}</td>
                      <td className="num">{r.tool_count ?? '—'}</td>
                      <td className="small">{describeRecentCalls(r.recent_calls)}</td>
                      <td className="small">{[r.error, r.note, r.warning].filter(Boolean).join(' · ')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
    </section>
  );
}
