import { useState } from 'react';
import { apiPage } from '../api/client.ts';
import type { Server } from '../api/types.ts';
import { Busy } from '../components/busy.tsx';
import { CopyButton } from '../components/copy-button.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { Pager } from '../components/pager.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { href, navigate } from '../lib/router.ts';
import { inboundLabel } from '../lib/server-form.ts';
import { useLoad } from '../lib/use-load.ts';
import { ServerFormView } from './server-form.tsx';

export function Servers() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [creating, setCreating] = useState(false);
  const list = useLoad(
    () => apiPage<Server>('/servers', { page, per_page: 20, search, status }),
    [page, search, status],
  );

  return (
    <section>
      <div className="page-head">
        <h1>Servers</h1>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => setCreating((c) => !c)}
          aria-expanded={creating}
        >
          {creating ? 'Close' : 'New server'}
        </button>
      </div>
      {creating && (
        <div className="card">
          <h2>New server</h2>
          <ServerFormView onSaved={(s) => navigate(`/servers/${s.uuid}/tools`)} />
        </div>
      )}
      <div className="filters">
        <label className="field">
          <span className="field-label">Search</span>
          <input
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </label>
        <label className="field">
          <span className="field-label">Status</span>
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            <option value="">any</option>
            <option>active</option>
            <option>paused</option>
            <option>draft</option>
          </select>
        </label>
      </div>
      <ErrorNotice error={list.error} />
      {list.loading && !list.data && <Busy />}
      {list.data && list.data.items.length === 0 && (
        <div className="empty">
          <p>No servers yet. A server is one MCP endpoint; its tools call your HTTP API.</p>
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            Create the first server
          </button>
        </div>
      )}
      {list.data && list.data.items.length > 0 && (
        <>
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="num">
                    Tools
                  </th>
                  <th scope="col" className="num">
                    Prompts
                  </th>
                  <th scope="col" className="num">
                    Resources
                  </th>
                  <th scope="col" className="hide-phone">
                    Auth
                  </th>
                  <th scope="col" className="hide-phone">
                    Endpoint URL
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((s) => (
                  <tr key={s.uuid}>
                    <td>
                      <a href={href('servers', s.uuid, 'tools')}>{s.name}</a>
                      <div className="muted small">{s.settings?.description}</div>
                    </td>
                    <td>
                      <StatusBadge status={s.status} />
                    </td>
                    <td className="num">{s.tool_count}</td>
                    <td className="num">{s.prompt_count}</td>
                    <td className="num">{s.resource_count}</td>
                    <td className="hide-phone">{inboundLabel(s)}</td>
                    {/* On a phone the server page shows its URL: here it made every row a column of characters. */}
                    <td className="hide-phone">
                      <code className="url">{s.endpoint_url}</code> <CopyButton text={s.endpoint_url} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} totalPages={list.data.totalPages} total={list.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
