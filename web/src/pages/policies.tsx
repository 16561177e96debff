import { useState } from 'react';
import { api, apiPage, buildQuery } from '../api/client.ts';
import type { Policy, Server } from '../api/types.ts';
import { Busy } from '../components/busy.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { formatDate } from '../lib/format.ts';
import { href } from '../lib/router.ts';
import { useLoad } from '../lib/use-load.ts';
import { TryPolicies } from './policy-try.tsx';

/** The value of the "All servers" choice: global policies (`server_id` null). */
export const GLOBAL = 'global';

/** Servers for the pickers (an administrator sees them all). */
export function useServers() {
  return useLoad(() => apiPage<Server>('/servers', { per_page: 100 }).then((p) => p.items), []);
}

/**
 * Every policy, or one server's, or the global ones; a way to a new one and the one-click starter
 * (destructive calls ask the caller), for one server or all.
 */
export function Policies() {
  const [filter, setFilter] = useState('');
  const servers = useServers();
  const list = useLoad(() => api<Policy[]>('GET', `/policies${buildQuery({ server_id: filter })}`), [filter]);
  const [starterScope, setStarterScope] = useState(GLOBAL);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [done, setDone] = useState('');

  const addStarter = async () => {
    setBusy(true);
    setError(undefined);
    setDone('');
    try {
      const policy = await api<Policy>('POST', '/policies/starter', {
        server_id: starterScope === GLOBAL ? null : starterScope,
      });
      setDone(`Added “${policy.name}” for ${policy.server_name ?? 'all servers'}.`);
      list.reload();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section>
      <div className="page-head">
        <h1>Policies</h1>
        <a className="btn btn-primary" href="#/policies/new">
          New policy
        </a>
      </div>
      <p className="muted">
        Cedar statements checked before every tool call: <code>forbid</code> refuses it with the policy’s
        reason, <code>@ask("caller")</code> asks the person making the call to confirm it first.
      </p>
      <div className="card">
        <h2>Starter policy</h2>
        <p className="muted small">
          A tool whose risk is destructive (DELETE, or marked destructive) asks the person calling it to
          confirm.
        </p>
        <div className="filters">
          <label className="field">
            <span className="field-label">For</span>
            <select value={starterScope} onChange={(e) => setStarterScope(e.target.value)}>
              <option value={GLOBAL}>All servers</option>
              {servers.data?.map((s) => (
                <option key={s.uuid} value={s.uuid}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="btn btn-wrap" disabled={busy} onClick={addStarter}>
            {busy ? 'Adding…' : 'Add starter policy: destructive calls ask the caller'}
          </button>
        </div>
        {done && (
          <p className="ok" role="status">
            {done}
          </p>
        )}
        <ErrorNotice error={error} />
      </div>
      <div className="filters">
        <label className="field">
          <span className="field-label">Show</span>
          <select value={filter} onChange={(e) => setFilter(e.target.value)}>
            <option value="">every policy</option>
            <option value={GLOBAL}>global ones (all servers)</option>
            {servers.data?.map((s) => (
              <option key={s.uuid} value={s.uuid}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ErrorNotice error={list.error} />
      {list.loading && !list.data && <Busy />}
      {list.data && list.data.length === 0 && (
        <p className="muted">
          No policies{filter ? ' here' : ' yet'}: every permitted caller may call every tool.
        </p>
      )}
      {list.data && list.data.length > 0 && (
        <div className="table-wrap">
          <table>
            <caption className="sr-only">Policies</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Scope</th>
                <th scope="col">Enabled</th>
                <th scope="col" className="hide-phone">
                  Version
                </th>
                <th scope="col" className="hide-phone">
                  Updated
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((p) => (
                <tr key={p.id}>
                  <td>
                    <a href={href('policies', p.id)}>{p.name}</a>
                    {p.description && <div className="small muted">{p.description}</div>}
                  </td>
                  <td>{p.server_id ? (p.server_name ?? p.server_id) : 'All servers'}</td>
                  <td>
                    <span className={`badge badge-${p.enabled ? 'active' : 'inactive'}`}>
                      {p.enabled ? 'enabled' : 'disabled'}
                    </span>
                  </td>
                  <td className="hide-phone">{p.version}</td>
                  <td className="hide-phone small">
                    {p.updated_by ?? '—'} · {formatDate(p.updated_at)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <TryPolicies servers={servers.data ?? []} />
    </section>
  );
}
