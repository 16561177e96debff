import type { CommitResponse, Server } from '../api/types.ts';
import { href } from '../lib/router.ts';

/** Phase 2: created (with links), skipped and failed, each with its reason. */
export function ImportResult({
  server,
  result,
  onAgain,
}: {
  server: Server;
  result: CommitResponse;
  onAgain(): void;
}) {
  return (
    <div className="card" role="status">
      <h3>
        {result.created.length} created · {result.skipped.length} skipped · {result.failed.length} failed
      </h3>
      {result.outbound_auth_type_set && result.auth_hint && (
        <p className="notice notice-info">
          The server's outbound auth type is now <strong>{result.auth_hint.type}</strong>; add its credentials
          on the <a href={href('servers', server.uuid, 'settings')}>Settings</a> tab.
        </p>
      )}
      {result.created.length > 0 && (
        <>
          <h4>Created</h4>
          <ul className="result-list">
            {result.created.map((c) => (
              <li key={c.uuid}>
                <a href={href('servers', server.uuid, 'tools', c.uuid)}>{c.name}</a> <code>{c.slug}</code>
              </li>
            ))}
          </ul>
        </>
      )}
      {result.skipped.length > 0 && (
        <>
          <h4>Skipped</h4>
          <ul className="result-list">
            {result.skipped.map((s) => (
              <li key={`${s.temp_id}-${s.name}`}>
                {s.name}:{' '}
                {s.reason === 'slug_exists'
                  ? 'a tool with this slug exists (choose “suffixed slug” to import it anyway)'
                  : s.reason}
              </li>
            ))}
          </ul>
        </>
      )}
      {result.failed.length > 0 && (
        <>
          <h4>Failed</h4>
          <ul className="result-list">
            {result.failed.map((f, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: failures may share names
              <li key={i}>
                {f.name ?? f.temp_id}: {f.reason ?? f.error ?? JSON.stringify(f)}
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="actions">
        <a className="btn btn-primary" href={href('servers', server.uuid, 'tools')}>
          See the tools
        </a>
        <button type="button" className="btn" onClick={onAgain}>
          Import more
        </button>
      </div>
    </div>
  );
}
