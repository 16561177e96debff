import { useMemo, useState } from 'react';
import { api, apiPage, saveBlob } from '../api/client.ts';
import type { Server, Tool } from '../api/types.ts';
import { Busy } from '../components/busy.tsx';
import { Confirm } from '../components/confirm.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { Pager } from '../components/pager.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { href } from '../lib/router.ts';
import { useLoad } from '../lib/use-load.ts';

type SortKey = 'sort_order' | 'name' | 'status' | 'http_method' | 'updated_at';

/** The server's tools: filters, sortable columns, bulk activate/deactivate/delete, export. */
export function Tools({ server, onChanged }: { server: Server; onChanged(): void }) {
  const [status, setStatus] = useState('');
  const [tag, setTag] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<{ key: SortKey; asc: boolean }>({ key: 'sort_order', asc: true });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState('');
  const [error, setError] = useState<unknown>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const list = useLoad(
    () => apiPage<Tool>(`/servers/${server.uuid}/tools`, { status, tag, search, page, per_page: 100 }),
    [server.uuid, status, tag, search, page],
  );
  const rows = useMemo(() => {
    const items = [...(list.data?.items ?? [])];
    items.sort((x, y) => {
      const a = x[sort.key];
      const b = y[sort.key];
      const c = typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
      return sort.asc ? c : -c;
    });
    return items;
  }, [list.data, sort]);
  const allTags = useMemo(
    () => [...new Set((list.data?.items ?? []).flatMap((t) => t.tags))].sort(),
    [list.data],
  );
  const filter = (setter: (v: string) => void, value: string) => {
    setter(value);
    setPage(1);
  };
  const chosen = rows.filter((t) => selected.has(t.uuid));

  const bulk = async (label: string, run: (t: Tool) => Promise<unknown>) => {
    setBusy(label);
    setError(undefined);
    try {
      for (const t of chosen) await run(t);
      setSelected(new Set());
    } catch (e) {
      setError(e);
    } finally {
      setBusy('');
      list.reload();
      onChanged();
    }
  };
  const setStatusOf = (s: string) =>
    bulk(`Setting ${s}…`, (t) => api('PATCH', `/servers/${server.uuid}/tools/${t.uuid}`, { status: s }));
  const exportSelected = async () => {
    setError(undefined);
    try {
      const manifest = await api('POST', `/servers/${server.uuid}/tools/export`, {
        tool_ids: chosen.map((t) => t.uuid),
      });
      saveBlob(
        new Blob([JSON.stringify(manifest, null, 2)], { type: 'application/json' }),
        `${server.slug}-tools.json`,
      );
    } catch (e) {
      setError(e);
    }
  };
  const header = (key: SortKey, label: string, className?: string) => (
    <th
      scope="col"
      className={className}
      aria-sort={sort.key === key ? (sort.asc ? 'ascending' : 'descending') : undefined}
    >
      <button
        type="button"
        className="sort"
        onClick={() => setSort({ key, asc: sort.key === key ? !sort.asc : true })}
      >
        {label} {sort.key === key ? (sort.asc ? '▲' : '▼') : ''}
      </button>
    </th>
  );
  const toggle = (uuid: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(uuid)) next.delete(uuid);
      else next.add(uuid);
      return next;
    });

  return (
    <section aria-labelledby="tools-title">
      <div className="page-head">
        <h2 id="tools-title">Tools</h2>
        <div className="actions">
          <a className="btn" href={href('servers', server.uuid, 'import')}>
            Import…
          </a>
          <a className="btn btn-primary" href={href('servers', server.uuid, 'tools', 'new')}>
            New tool
          </a>
        </div>
      </div>
      <div className="filters">
        <label className="field">
          <span className="field-label">Search</span>
          <input type="search" value={search} onChange={(e) => filter(setSearch, e.target.value)} />
        </label>
        <label className="field">
          <span className="field-label">Status</span>
          <select value={status} onChange={(e) => filter(setStatus, e.target.value)}>
            <option value="">any</option>
            <option>active</option>
            <option>draft</option>
            <option>inactive</option>
          </select>
        </label>
        <label className="field">
          <span className="field-label">Tag</span>
          <select value={tag} onChange={(e) => filter(setTag, e.target.value)}>
            <option value="">any</option>
            {allTags.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
      </div>
      <div className="bulkbar" role="toolbar" aria-label="Selected tools">
        <span>{chosen.length} selected</span>
        <button
          type="button"
          className="btn btn-small"
          disabled={!chosen.length || !!busy}
          onClick={() => setStatusOf('active')}
        >
          Activate
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={!chosen.length || !!busy}
          onClick={() => setStatusOf('inactive')}
        >
          Deactivate
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={!chosen.length || !!busy}
          onClick={exportSelected}
        >
          Export manifest
        </button>
        <button
          type="button"
          className="btn btn-small btn-danger"
          disabled={!chosen.length || !!busy}
          onClick={() => setConfirmDelete(true)}
        >
          Delete…
        </button>
        {busy && <Busy label={busy} />}
      </div>
      <ErrorNotice error={error ?? list.error} />
      {list.loading && !list.data && <Busy />}
      {list.data && rows.length === 0 && (
        <div className="empty">
          <p>No tools{status || tag || search ? ' match these filters' : ' yet'}.</p>
          <a className="btn btn-primary" href={href('servers', server.uuid, 'import')}>
            Import from cURL, OpenAPI, Postman or a manifest
          </a>
        </div>
      )}
      {rows.length > 0 && (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">
                  <input
                    type="checkbox"
                    aria-label="Select all tools"
                    checked={chosen.length === rows.length}
                    onChange={(e) =>
                      setSelected(e.target.checked ? new Set(rows.map((t) => t.uuid)) : new Set())
                    }
                  />
                </th>
                {header('name', 'Name')}
                {header('http_method', 'Method')}
                <th scope="col" className="hide-phone">
                  Endpoint
                </th>
                {header('status', 'Status')}
                <th scope="col">Tags</th>
                {header('sort_order', 'Order', 'num')}
                <th scope="col" className="num">
                  Tokens
                </th>
                <th scope="col">Last test</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((t) => (
                <tr key={t.uuid}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Select ${t.name}`}
                      checked={selected.has(t.uuid)}
                      onChange={() => toggle(t.uuid)}
                    />
                  </td>
                  <td>
                    <a href={href('servers', server.uuid, 'tools', t.uuid)}>{t.name}</a>
                    <div className="muted small">
                      <code>{t.slug}</code>
                    </div>
                  </td>
                  <td>
                    <span className="method">{t.http_method}</span>
                  </td>
                  <td className="hide-phone">
                    <code className="url">{t.endpoint_url}</code>
                  </td>
                  <td>
                    <StatusBadge status={t.status} />
                  </td>
                  <td>
                    {t.tags.map((g) => (
                      <span key={g} className="tag">
                        {g}
                      </span>
                    ))}
                  </td>
                  <td className="num">{t.sort_order}</td>
                  <td className="num">{t.token_estimate ?? '—'}</td>
                  <td className="small">
                    {t.last_test_response_ms !== null ? `${t.last_test_response_ms} ms` : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && list.data.totalPages > 1 && (
        <Pager page={page} totalPages={list.data.totalPages} total={list.data.total} onPage={setPage} />
      )}
      {confirmDelete && (
        <Confirm
          title={`Delete ${chosen.length} tool(s)?`}
          confirmLabel="Delete permanently"
          busy={!!busy}
          onCancel={() => setConfirmDelete(false)}
          onConfirm={async () => {
            await bulk('Deleting…', (t) => api('DELETE', `/servers/${server.uuid}/tools/${t.uuid}`));
            setConfirmDelete(false);
          }}
        >
          <p>MCP clients stop seeing them at once: {chosen.map((t) => t.name).join(', ')}.</p>
        </Confirm>
      )}
    </section>
  );
}
