import { useState } from 'react';
import { api } from '../api/client.ts';
import type { Server, ServerConnection } from '../api/types.ts';
import { Busy } from '../components/busy.tsx';
import { Confirm } from '../components/confirm.tsx';
import { ConnectionStatus } from '../components/connection-status.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { formatDate } from '../lib/format.ts';
import { useLoad } from '../lib/use-load.ts';

const who = (c: ServerConnection) => c.display_name || c.email;

/**
 * Who has connected their own account to a per-user server (no secrets: status, scopes, dates),
 * with Revoke: that person's tokens are deleted at once and they connect again to use its tools.
 */
export function ServerConnections({ server }: { server: Server }) {
  const base = `/servers/${encodeURIComponent(server.uuid)}/connections`;
  const list = useLoad(() => api<ServerConnection[]>('GET', base), [base]);
  const [revoking, setRevoking] = useState<ServerConnection | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [done, setDone] = useState('');
  const exchange = server.per_user_auth?.type === 'token-exchange';

  const revoke = async (c: ServerConnection) => {
    setBusy(true);
    setError(undefined);
    try {
      await api('DELETE', `${base}/${encodeURIComponent(c.user_id)}`);
      setDone(`${who(c)} is disconnected: they connect again to use these tools.`);
      list.reload();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
      setRevoking(null);
    }
  };

  return (
    <section className="card" aria-labelledby="server-connections">
      <h2 id="server-connections">Connections</h2>
      <p className="muted small">
        {exchange
          ? 'This server exchanges each caller’s sign-in token per call: nobody connects, so this list stays empty.'
          : 'Each person connects their own account under My connections; calls never fall back to a shared credential. Tokens are never shown.'}
      </p>
      {done && (
        <p className="ok" role="status">
          {done}
        </p>
      )}
      <ErrorNotice error={list.error ?? error} />
      {list.loading && !list.data && <Busy />}
      {list.data && list.data.length === 0 && <p className="muted">Nobody has connected yet.</p>}
      {list.data && list.data.length > 0 && (
        <div className="table-wrap">
          <table>
            <caption className="sr-only">People connected to {server.name}</caption>
            <thead>
              <tr>
                <th scope="col">Person</th>
                <th scope="col">Status</th>
                <th scope="col" className="hide-phone">
                  Scopes
                </th>
                <th scope="col" className="hide-phone">
                  Connected
                </th>
                <th scope="col" className="hide-phone">
                  Expires
                </th>
                <th scope="col" className="hide-phone">
                  Last used
                </th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((c) => (
                <tr key={c.user_id}>
                  <td>
                    {who(c)}
                    {c.display_name && <div className="small muted">{c.email}</div>}
                  </td>
                  <td>
                    <ConnectionStatus status={c.status} />
                    {c.last_error && <div className="small muted">{c.last_error}</div>}
                  </td>
                  <td className="hide-phone small">{c.scope ?? '—'}</td>
                  <td className="hide-phone small">{formatDate(c.connected_at)}</td>
                  <td className="hide-phone small">{formatDate(c.expires_at)}</td>
                  <td className="hide-phone small">{formatDate(c.last_used_at)}</td>
                  <td>
                    <button type="button" className="btn btn-small btn-danger" onClick={() => setRevoking(c)}>
                      Revoke<span className="sr-only"> {who(c)}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {revoking && (
        <Confirm
          title={`Revoke ${who(revoking)}’s connection?`}
          confirmLabel="Revoke connection"
          busy={busy}
          onCancel={() => setRevoking(null)}
          onConfirm={() => revoke(revoking)}
        >
          <p>
            Their tokens for {server.name} are deleted at once. Its tools stop acting as {revoking.email}{' '}
            until they connect again.
          </p>
        </Confirm>
      )}
    </section>
  );
}
