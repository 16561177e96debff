import { useState } from 'react';
import { api } from '../api/client.ts';
import type { CommitResponse, Server } from '../api/types.ts';
import { Busy } from '../components/busy.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { href } from '../lib/router.ts';

/**
 * Phase 2: created (with links), skipped and failed, each with its reason. Tools created as
 * drafts are said to be invisible to MCP clients, with one button to activate them all.
 */
export function ImportResult({
  server,
  result,
  status,
  onAgain,
  onActivated,
}: {
  server: Server;
  result: CommitResponse;
  /** the status the tools were created with */
  status: string;
  onAgain(): void;
  onActivated(): void;
}) {
  const [activated, setActivated] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const created = result.created.length;
  const drafts = status === 'draft' && activated < created;

  const activate = async () => {
    setBusy(true);
    setError(undefined);
    try {
      // One PATCH per tool (the tools API has no bulk status); a failure stops with the rest still drafts.
      for (const tool of result.created.slice(activated)) {
        await api('PATCH', `/servers/${server.uuid}/tools/${tool.uuid}`, { status: 'active' });
        setActivated((n) => n + 1);
      }
      onActivated();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="card" role="status">
      <h3>
        {result.created.length} created · {result.skipped.length} skipped · {result.failed.length} failed
      </h3>
      {drafts && (
        <div className="notice notice-info" data-testid="draft-notice">
          <p>
            {activated > 0
              ? created - activated === 1
                ? '1 of the new tools is still a draft'
                : `${created - activated} of the new tools are still drafts`
              : created === 1
                ? 'The new tool is a draft'
                : `The ${created} new tools are drafts`}{' '}
            (status <code>draft</code>): MCP clients do not see them until they are active. Review or test
            them first, or activate them now.
          </p>
          <div className="actions">
            <button type="button" className="btn btn-small btn-primary" disabled={busy} onClick={activate}>
              {created - activated === 1 ? 'Activate it' : `Activate all ${created - activated}`}
            </button>
            {busy && <Busy label={`Activating… ${activated} of ${created}`} />}
          </div>
          <ErrorNotice error={error} />
        </div>
      )}
      {created > 0 && (status === 'active' || activated === created) && (
        <p className="notice notice-ok">
          {created === 1 ? 'The new tool is' : `The ${created} new tools are`} active: MCP clients on{' '}
          <code>{server.endpoint_url}</code> see {created === 1 ? 'it' : 'them'} now.
        </p>
      )}
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
