import type { Grant } from '../api/types.ts';
import { formatDate } from '../lib/format.ts';

/**
 * OAuth grants: which app (MCP client) may act as the person, at which servers and with which
 * scopes, since and until when; each with a Revoke button.
 */
export function GrantsTable({
  grants,
  onRevoke,
  caption,
}: {
  grants: Grant[];
  onRevoke(grant: Grant): void;
  caption: string;
}) {
  return (
    <div className="table-wrap">
      <table>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">App</th>
            <th scope="col">Servers</th>
            <th scope="col" className="hide-phone">
              Allowed
            </th>
            <th scope="col" className="hide-phone">
              Expires
            </th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {grants.map((g) => (
            <tr key={g.id}>
              <td>
                <span>{appName(g)}</span>
                {g.client.name && g.client.id && <div className="muted small">{clientHost(g.client.id)}</div>}
              </td>
              <td>
                {g.resources.map((r) => (
                  <div key={r.resource} title={r.resource}>
                    {serverOf(r.resource)}{' '}
                    {r.scopes?.map((s) => (
                      <span className="tag" key={s}>
                        {s}
                      </span>
                    ))}
                  </div>
                ))}
              </td>
              <td className="small hide-phone">{formatDate(g.created_at)}</td>
              <td className="small hide-phone">{formatDate(g.expires_at)}</td>
              <td>
                <button type="button" className="btn btn-small btn-danger" onClick={() => onRevoke(g)}>
                  Revoke<span className="sr-only"> {appName(g)}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The app as its registration names it, else its client id. */
export function appName(grant: Pick<Grant, 'client'>): string {
  return grant.client.name || grant.client.id || 'an unnamed app';
}

/** A client id that is a metadata document URL shows its host (who published the app); else the id. */
function clientHost(id: string): string {
  try {
    return new URL(id).host;
  } catch {
    return id;
  }
}

/** "pet-store" from the MCP endpoint `https://gw.example.com/mcp/pet-store`; other URLs as they are. */
export function serverOf(resource: string | undefined): string {
  if (!resource) return '—';
  const match = /\/mcp\/([^/?#]+)\/?$/.exec(resource);
  return match?.[1] ? decodeURIComponent(match[1]) : resource;
}
