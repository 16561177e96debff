import type { WebSession } from '../api/types.ts';
import { formatDate } from '../lib/format.ts';
import { describeUserAgent } from '../lib/user-agent.ts';

/**
 * Signed-in browsers: where from, since when, last seen, until when. `onSignOut` adds a
 * "Sign out" per row (a person's own sessions); the current one is marked.
 */
export function SessionsTable({
  sessions,
  onSignOut,
  caption,
}: {
  sessions: WebSession[];
  onSignOut?(session: WebSession): void;
  caption: string;
}) {
  if (sessions.length === 0) return <p className="muted">Not signed in anywhere.</p>;
  return (
    <div className="table-wrap">
      <table>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Browser</th>
            <th scope="col" className="hide-phone">
              Address
            </th>
            <th scope="col" className="hide-phone">
              Signed in
            </th>
            <th scope="col" className="hide-phone">
              Last seen
            </th>
            <th scope="col" className="hide-phone">
              Expires
            </th>
            {onSignOut && (
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <tr key={s.id}>
              <td>
                <span title={s.user_agent ?? undefined}>{describeUserAgent(s.user_agent)}</span>{' '}
                {s.current && <span className="tag">this browser</span>}
              </td>
              <td className="hide-phone">
                <code>{s.ip ?? '—'}</code>
              </td>
              <td className="small hide-phone">{formatDate(s.created_at)}</td>
              <td className="small hide-phone">{formatDate(s.last_seen_at)}</td>
              <td className="small hide-phone">{formatDate(s.expires_at)}</td>
              {onSignOut && (
                <td>
                  <button type="button" className="btn btn-small" onClick={() => onSignOut(s)}>
                    Sign out<span className="sr-only"> {s.current ? 'this browser' : 'that browser'}</span>
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
