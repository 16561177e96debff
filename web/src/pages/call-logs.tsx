import { useCallback, useState } from 'react';
import { api, apiPage, buildQuery, download } from '../api/client.ts';
import type { CallLog, Server, User } from '../api/types.ts';
import { Busy } from '../components/busy.tsx';
import { Confirm } from '../components/confirm.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { Field } from '../components/field.tsx';
import { Pager } from '../components/pager.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { useAuth } from '../lib/auth.tsx';
import {
  activeFilters,
  type CallFilters,
  type CallView,
  checkFilters,
  EMPTY_FILTERS,
  readCallView,
  writeCallView,
} from '../lib/call-filters.ts';
import { formatDate, shortUuid } from '../lib/format.ts';
import { currentQuery, useHashQuery, writeHashQuery } from '../lib/router.ts';
import { useLoad } from '../lib/use-load.ts';
import { CallDetail, callClient } from './call-detail.tsx';

export function CallLogs() {
  const { can } = useAuth();
  const admin = can('manage_options');
  // Filters, page, order and the open record live in the URL: shared, reloaded, gone Back to.
  const [view, setView] = useState<CallView>(() => readCallView(currentQuery()));
  const { filters, page, order } = view;
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirm, setConfirm] = useState<'ids' | 'filter' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [notice, setNotice] = useState('');
  useHashQuery(
    useCallback((query: URLSearchParams) => {
      setView(readCallView(query));
      setSelected(new Set());
    }, []),
  );
  const show = (next: CallView, push: boolean) => {
    setView(next);
    writeHashQuery(writeCallView(next), { push });
  };
  const filterErrors = checkFilters(filters);
  const query = activeFilters(filters);
  const [orderby, dir] = order.split(':');
  const servers = useLoad(
    () =>
      can('svc_manage_servers')
        ? apiPage<Server>('/servers', { per_page: 100 }).then((p) => p.items)
        : Promise.resolve([]),
    [],
  );
  // E-mails for the Person column and filter: administrators read /users once for the page.
  const users = useLoad(
    () => (admin ? apiPage<User>('/users', { per_page: 100 }).then((p) => p.items) : Promise.resolve(null)),
    [],
  );
  const emails = new Map(users.data?.map((u) => [u.id, u.email]));
  const personOf = (uuid: string | null) => (uuid ? (emails.get(uuid) ?? shortUuid(uuid)) : '—');
  const list = useLoad(
    () =>
      Object.keys(filterErrors).length
        ? Promise.reject(new Error('Fix the filters first.'))
        : apiPage<CallLog>('/analytics/calls', { ...query, page, per_page: 25, orderby, order: dir }),
    [JSON.stringify(query), page, order],
  );
  const detail = view.call ? list.data?.items.find((c) => String(c.id) === view.call) : undefined;
  /** A typed filter replaces the history entry (one per key would bury Back); a chosen one adds one. */
  const setFilter = (patch: Partial<CallFilters>, typed = false) => {
    // The open record belongs to the list it was picked from.
    show({ ...view, filters: { ...filters, ...patch }, page: 1, call: '' }, !typed);
    setSelected(new Set());
  };
  const openCall = (id: number | null) => show({ ...view, call: id === null ? '' : String(id) }, id !== null);

  const remove = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const res =
        confirm === 'ids'
          ? await api<{ deleted: number }>('DELETE', '/analytics/calls', { ids: [...selected] })
          : await api<{ deleted: number }>('DELETE', `/analytics/calls/filter${buildQuery(query)}`);
      setNotice(`Deleted ${res.deleted} call log(s).`);
      setSelected(new Set());
      list.reload();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };
  const exportAs = async (format: 'csv' | 'json') => {
    setError(undefined);
    try {
      await download(
        `/analytics/calls/export${buildQuery({ ...query, format })}`,
        `toolgate-calls.${format}`,
      );
    } catch (e) {
      setError(e);
    }
  };
  const total = list.data?.total ?? 0;
  const hasFilter = Object.keys(query).length > 0;

  return (
    <section>
      <div className="page-head">
        <h1>Call logs</h1>
        <div className="actions">
          <button type="button" className="btn" onClick={() => exportAs('csv')}>
            Export CSV
          </button>
          <button type="button" className="btn" onClick={() => exportAs('json')}>
            Export JSON
          </button>
        </div>
      </div>
      {filters.run_id && (
        <p className="notice" role="status">
          The calls of program run <code title={filters.run_id}>{shortUuid(filters.run_id)}</code>: the
          execute call and every api call its program made.{' '}
          <button type="button" className="btn btn-small" onClick={() => setFilter({ run_id: '' })}>
            Show all calls
          </button>
        </p>
      )}
      <form className="filters card" onSubmit={(e) => e.preventDefault()}>
        <Field label="Search">
          <input
            type="search"
            value={filters.search}
            onChange={(e) => setFilter({ search: e.target.value }, true)}
          />
        </Field>
        <Field label="Server">
          {servers.data && servers.data.length > 0 ? (
            <select value={filters.server_id} onChange={(e) => setFilter({ server_id: e.target.value })}>
              <option value="">any</option>
              {servers.data.map((s) => (
                <option key={s.uuid} value={s.uuid}>
                  {s.name}
                </option>
              ))}
            </select>
          ) : (
            <input
              placeholder="server UUID"
              value={filters.server_id}
              onChange={(e) => setFilter({ server_id: e.target.value }, true)}
            />
          )}
        </Field>
        <Field label="Person" error={filterErrors.user_id}>
          {users.data && users.data.length > 0 ? (
            <select value={filters.user_id} onChange={(e) => setFilter({ user_id: e.target.value })}>
              <option value="">anyone</option>
              {filters.user_id && !emails.has(filters.user_id) && (
                <option value={filters.user_id}>{shortUuid(filters.user_id)}</option>
              )}
              {users.data.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.email}
                </option>
              ))}
            </select>
          ) : (
            <input
              placeholder="user UUID"
              value={filters.user_id}
              onChange={(e) => setFilter({ user_id: e.target.value }, true)}
            />
          )}
        </Field>
        <Field label="Status">
          <select value={filters.status} onChange={(e) => setFilter({ status: e.target.value })}>
            <option value="">any</option>
            <option>success</option>
            <option>error</option>
          </select>
        </Field>
        <Field label="Method group">
          <select value={filters.method_group} onChange={(e) => setFilter({ method_group: e.target.value })}>
            <option value="">any</option>
            <option>tools</option>
            <option>prompts</option>
            <option>resources</option>
          </select>
        </Field>
        <Field label="From">
          <input
            type="date"
            value={filters.from}
            onChange={(e) => setFilter({ from: e.target.value }, true)}
          />
        </Field>
        <Field label="To" error={filterErrors.to}>
          <input type="date" value={filters.to} onChange={(e) => setFilter({ to: e.target.value }, true)} />
        </Field>
        <Field label="Min. response ms" error={filterErrors.min_response_time_ms}>
          <input
            inputMode="numeric"
            value={filters.min_response_time_ms}
            onChange={(e) => setFilter({ min_response_time_ms: e.target.value }, true)}
          />
        </Field>
        <Field label="Order">
          <select
            value={order}
            onChange={(e) => show({ ...view, order: e.target.value, page: 1, call: '' }, true)}
          >
            <option value="created_at:desc">newest first</option>
            <option value="created_at:asc">oldest first</option>
            <option value="response_time_ms:desc">slowest first</option>
            <option value="response_time_ms:asc">fastest first</option>
          </select>
        </Field>
        {hasFilter && (
          <button type="button" className="btn btn-small" onClick={() => setFilter(EMPTY_FILTERS)}>
            Clear filters
          </button>
        )}
      </form>
      {admin && (
        <div className="bulkbar" role="toolbar" aria-label="Delete call logs">
          <button
            type="button"
            className="btn btn-small btn-danger"
            disabled={selected.size === 0}
            onClick={() => setConfirm('ids')}
          >
            Delete {selected.size} selected…
          </button>
          <button
            type="button"
            className="btn btn-small btn-danger"
            disabled={!hasFilter || total === 0}
            onClick={() => setConfirm('filter')}
          >
            Delete all {hasFilter ? total.toLocaleString() : ''} matching…
          </button>
          {!hasFilter && <span className="muted small">Set a filter to delete by filter.</span>}
        </div>
      )}
      {notice && (
        <p className="notice notice-ok" role="status">
          {notice}
        </p>
      )}
      <ErrorNotice error={error ?? list.error} />
      {list.loading && !list.data && <Busy />}
      {list.data && list.data.items.length === 0 && <p className="empty">No calls match.</p>}
      {list.data && list.data.items.length > 0 && (
        <>
          <div className="table-wrap">
            <table data-testid="call-logs">
              <thead>
                <tr>
                  {admin && (
                    <th scope="col">
                      <input
                        type="checkbox"
                        aria-label="Select all calls on this page"
                        checked={list.data.items.every((c) => selected.has(c.id))}
                        onChange={(e) =>
                          setSelected(
                            e.target.checked ? new Set(list.data?.items.map((c) => c.id)) : new Set(),
                          )
                        }
                      />
                    </th>
                  )}
                  <th scope="col">Time</th>
                  <th scope="col" className="hide-phone">
                    Server
                  </th>
                  <th scope="col" className="hide-phone">
                    Person
                  </th>
                  <th scope="col">Tool / method</th>
                  <th scope="col" className="hide-phone">
                    Client
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col" className="num hide-phone">
                    ms
                  </th>
                  <th scope="col" className="sticky-end">
                    <span className="sr-only">Details</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((c) => (
                  <tr key={c.id} className={detail?.id === c.id ? 'selected' : undefined}>
                    {admin && (
                      <td>
                        <input
                          type="checkbox"
                          aria-label={`Select call ${c.id}`}
                          checked={selected.has(c.id)}
                          onChange={() =>
                            setSelected((s) => {
                              const next = new Set(s);
                              if (next.has(c.id)) next.delete(c.id);
                              else next.add(c.id);
                              return next;
                            })
                          }
                        />
                      </td>
                    )}
                    <td className="small">{formatDate(c.created_at)}</td>
                    <td className="hide-phone">{c.server_name}</td>
                    <td className="hide-phone" title={c.user_uuid ?? undefined}>
                      {personOf(c.user_uuid)}
                    </td>
                    <td>
                      {c.tool_name ?? '—'} <span className="muted small">{c.method}</span>
                      {c.run_id && (
                        <>
                          {' '}
                          <span className="badge badge-run" title={`program run ${c.run_id}`}>
                            run
                          </span>
                        </>
                      )}
                      {/* The Person column is hidden on a phone: the person goes under the tool. */}
                      {c.user_uuid && <div className="muted small only-phone">{personOf(c.user_uuid)}</div>}
                    </td>
                    <td className="hide-phone">{callClient(c)}</td>
                    <td>
                      <StatusBadge status={c.response_status} /> {c.http_status ?? ''}
                    </td>
                    <td className="num hide-phone">{c.response_time_ms}</td>
                    <td className="sticky-end">
                      <button
                        type="button"
                        className="btn btn-small"
                        onClick={() => openCall(c.id)}
                        aria-haspopup="dialog"
                      >
                        Details
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            totalPages={list.data.totalPages}
            total={list.data.total}
            onPage={(p) => show({ ...view, page: p, call: '' }, true)}
          />
        </>
      )}
      {view.call && list.data && !list.loading && !detail && (
        <p className="notice notice-warn" role="status">
          Call {view.call} is not on this page of results.{' '}
          <button type="button" className="btn btn-small" onClick={() => openCall(null)}>
            Dismiss
          </button>
        </p>
      )}
      {detail && (
        <CallDetail
          call={detail}
          email={emails.get(detail.user_uuid ?? '')}
          onClose={() => openCall(null)}
          onShowRun={
            detail.run_id === filters.run_id ? undefined : (run_id) => setFilter({ ...EMPTY_FILTERS, run_id })
          }
        />
      )}
      {confirm && (
        <Confirm
          title={
            confirm === 'ids'
              ? `Delete ${selected.size} call log(s)?`
              : `Delete ${total.toLocaleString()} call log(s)?`
          }
          confirmLabel="Delete permanently"
          busy={busy}
          onCancel={() => setConfirm(null)}
          onConfirm={remove}
        >
          {confirm === 'filter' ? (
            <p>
              Every call matching{' '}
              {Object.entries(query)
                .map(([k, v]) => {
                  // A server by its name, as the filter shows it, not by its UUID.
                  const server = k === 'server_id' && servers.data?.find((x) => x.uuid === v);
                  if (server) return `server = ${server.name}`;
                  return k === 'user_id' && emails.has(v) ? `person = ${emails.get(v)}` : `${k} = ${v}`;
                })
                .join(', ')}{' '}
              is removed, and from the statistics too. This cannot be undone.
            </p>
          ) : (
            <p>The selected calls are removed, and from the statistics too. This cannot be undone.</p>
          )}
        </Confirm>
      )}
    </section>
  );
}
