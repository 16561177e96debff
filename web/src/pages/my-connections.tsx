import { useState } from 'react';
import { ApiError, api } from '../api/client.ts';
import type { MyConnection } from '../api/types.ts';
import { Busy } from '../components/busy.tsx';
import { Confirm } from '../components/confirm.tsx';
import { ConnectionStatus } from '../components/connection-status.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { formatDate } from '../lib/format.ts';
import { useLoad } from '../lib/use-load.ts';

const AUTOMATIC = 'Your sign-in token is exchanged on each call; nothing to connect.';

/** What a connection's status asks of the person, under its badge. */
function statusNote(c: MyConnection): string | null {
  if (c.status === 'automatic') return AUTOMATIC;
  if (c.status === 'needs_consent') return `Connect again${c.last_error ? `: ${c.last_error}` : '.'}`;
  if (c.status === 'not_connected')
    return c.kind === 'personal-token' ? 'Enter your token to use its tools.' : 'Connect to use its tools.';
  return null;
}

const path = (c: MyConnection) => `/me/connections/${encodeURIComponent(c.server_id)}`;

/**
 * The signed-in person's connections: every server whose tools act with their own upstream
 * account. Connect opens a single-use consent link (a page of the gateway, not of this app, that
 * sends the browser to the provider and back); Disconnect deletes their tokens.
 */
export function MyConnections() {
  const list = useLoad(() => api<MyConnection[]>('GET', '/me/connections'), []);
  const [opening, setOpening] = useState<string | null>(null);
  const [disconnecting, setDisconnecting] = useState<MyConnection | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [done, setDone] = useState('');
  // A key of no person: connections belong to people (403).
  const ownerless = list.error instanceof ApiError && list.error.status === 403;

  const connect = async (c: MyConnection) => {
    setError(undefined);
    setOpening(c.server_id);
    try {
      const { url } = await api<{ url: string }>('POST', `${path(c)}/connect`);
      window.location.assign(url);
    } catch (err) {
      setError(err);
      setOpening(null);
    }
  };

  const disconnect = async (c: MyConnection) => {
    setBusy(true);
    setError(undefined);
    try {
      await api('DELETE', path(c));
      setDone(`Disconnected from ${c.server_name}: its tools ask you to connect again.`);
      list.reload();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
      setDisconnecting(null);
    }
  };

  return (
    <section>
      <h1>My connections</h1>
      <p className="muted">
        Servers whose tools act with your own account at a provider. Toolgate keeps your tokens encrypted,
        bound to you, and never shows them; a disconnect deletes them.
      </p>
      {done && (
        <p className="ok" role="status">
          {done}
        </p>
      )}
      {ownerless ? (
        <p className="notice notice-info">
          You are signed in with an API key that belongs to no person. Connections belong to people: sign in
          with your e-mail to connect your accounts.
        </p>
      ) : (
        <ErrorNotice error={list.error} />
      )}
      <ErrorNotice error={error} />
      {list.loading && !list.data && <Busy />}
      {list.data && list.data.length === 0 && (
        <div className="card">
          <p>Nothing to connect yet.</p>
          <p className="muted">
            Servers with per-user sign-in appear here: ones whose tools call a service with each person’s own
            account (an OAuth sign-in or a personal token) rather than a shared credential, once an
            administrator sets one up and opens it to you.
          </p>
        </div>
      )}
      {list.data && list.data.length > 0 && (
        <div className="table-wrap">
          <table>
            <caption className="sr-only">My connections</caption>
            <thead>
              <tr>
                <th scope="col">Server</th>
                <th scope="col" className="hide-phone">
                  Provider
                </th>
                <th scope="col">Status</th>
                <th scope="col" className="hide-phone">
                  Scopes
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
                <ConnectionRow
                  key={c.server_id}
                  c={c}
                  opening={opening === c.server_id}
                  onConnect={() => connect(c)}
                  onDisconnect={() => setDisconnecting(c)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {disconnecting && (
        <Confirm
          title={`Disconnect ${disconnecting.server_name}?`}
          confirmLabel="Disconnect"
          busy={busy}
          onCancel={() => setDisconnecting(null)}
          onConfirm={() => disconnect(disconnecting)}
        >
          <p>
            Your tokens for {disconnecting.server_name}
            {disconnecting.provider ? ` (${disconnecting.provider})` : ''} are deleted. Its tools stop acting
            as you until you connect again.
          </p>
        </Confirm>
      )}
    </section>
  );
}

function ConnectionRow({
  c,
  opening,
  onConnect,
  onDisconnect,
}: {
  c: MyConnection;
  opening: boolean;
  onConnect(): void;
  onDisconnect(): void;
}) {
  const note = statusNote(c);
  const linked = c.status === 'connected' || c.status === 'needs_consent';
  return (
    <tr>
      <td>
        {c.server_name} <code className="small hide-phone">{c.server_slug}</code>
      </td>
      <td className="hide-phone">{c.provider ?? (c.kind === 'personal-token' ? 'your own token' : '—')}</td>
      <td>
        <ConnectionStatus status={c.status} />
        {note && <div className="small muted">{note}</div>}
      </td>
      <td className="hide-phone small">{c.scope ?? '—'}</td>
      <td className="hide-phone small">{formatDate(c.expires_at)}</td>
      <td className="hide-phone small">{formatDate(c.last_used_at)}</td>
      <td>
        <div className="connection-actions">
          {c.status !== 'automatic' && (
            <button
              type="button"
              className={`btn btn-small${c.status === 'connected' ? '' : ' btn-primary'}`}
              disabled={opening}
              onClick={onConnect}
            >
              {opening ? 'Opening…' : linked ? 'Reconnect' : 'Connect'}
              <span className="sr-only"> {c.server_name}</span>
            </button>
          )}
          {linked && (
            <button type="button" className="btn btn-small btn-danger" onClick={onDisconnect}>
              Disconnect<span className="sr-only"> {c.server_name}</span>
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}
