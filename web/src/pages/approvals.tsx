import { useCallback, useEffect, useState } from 'react';
import { apiPage } from '../api/client.ts';
import type { Approval } from '../api/types.ts';
import { Busy } from '../components/busy.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { Pager } from '../components/pager.tsx';
import { useAuth } from '../lib/auth.tsx';
import { currentQuery, useHashQuery, writeHashQuery } from '../lib/router.ts';
import { useLoad } from '../lib/use-load.ts';
import { ApprovalCard, DecideDialog, type Verdict } from './approval-card.tsx';

const STATUSES = ['pending', 'approved', 'denied', 'expired', 'all'] as const;
type Shown = (typeof STATUSES)[number];
const LABELS: Record<Shown, string> = {
  pending: 'Pending',
  approved: 'Approved',
  denied: 'Denied',
  expired: 'Expired',
  all: 'All',
};

/** How often the pending list is read again while the page is open. */
export const REFRESH_MS = 5_000;

interface View {
  status: Shown;
  page: number;
}

function readView(query: URLSearchParams): View {
  const status = query.get('status') as Shown;
  const page = Number(query.get('page'));
  return {
    status: STATUSES.includes(status) ? status : 'pending',
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

const writeView = (v: View): Record<string, string> => ({
  ...(v.status !== 'pending' ? { status: v.status } : {}),
  ...(v.page > 1 ? { page: String(v.page) } : {}),
});

/**
 * The calls waiting for a decision: those the signed-in person may decide (Approve / Deny) and their
 * own requests. Pending ones are read again every 5 s; a decision updates its card in place, and
 * the card stays where it was until the status shown changes.
 */
export function Approvals() {
  const { user } = useAuth();
  const [view, setView] = useState<View>(() => readView(currentQuery()));
  const { status, page } = view;
  useHashQuery(useCallback((query: URLSearchParams) => setView(readView(query)), []));
  const show = (next: View) => {
    setView(next);
    writeHashQuery(writeView(next), { push: true });
  };
  const list = useLoad(() => apiPage<Approval>('/approvals', { status, page, per_page: 25 }), [status, page]);
  /** Decided here: the answer of the decision, and where its card stood. */
  const [decided, setDecided] = useState<Map<string, { approval: Approval; at: number }>>(new Map());
  const [deciding, setDeciding] = useState<{ approval: Approval; verdict: Verdict } | null>(null);
  const [notice, setNotice] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new status starts afresh
  useEffect(() => {
    setDecided(new Map());
    setNotice('');
  }, [status]);
  const { reload } = list;
  useEffect(() => {
    if (status !== 'pending') return;
    const timer = setInterval(() => {
      if (!document.hidden) reload();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [status, reload]);

  const items = [...(list.data?.items ?? [])].map((a) => decided.get(a.id)?.approval ?? a);
  // A card decided here that the list no longer holds (a pending one) stays where it stood.
  for (const [id, { approval, at }] of decided)
    if (!items.some((a) => a.id === id)) items.splice(Math.min(at, items.length), 0, approval);

  const onDecided = (approval: Approval) => {
    const at = items.findIndex((a) => a.id === approval.id);
    setDecided((d) => new Map(d).set(approval.id, { approval, at: Math.max(0, at) }));
    setNotice(
      `${approval.status === 'approved' ? 'Approved' : 'Denied'}: ${approval.tool.name} on ${approval.server.name}.`,
    );
    setDeciding(null);
  };

  return (
    <section>
      <div className="page-head">
        <h1>Approvals</h1>
        <div className="segmented small" role="radiogroup" aria-label="Status">
          {STATUSES.map((s) => (
            <label key={s} className={status === s ? 'on' : ''}>
              <input
                type="radio"
                name="approval-status"
                checked={status === s}
                onChange={() => show({ status: s, page: 1 })}
              />
              {LABELS[s]}
            </label>
          ))}
        </div>
      </div>
      <p className="muted">
        A policy may hold a call until someone in its approver group approves it. Here are the calls you may
        decide and the ones you asked for{status === 'pending' ? '; the list refreshes every 5 seconds' : ''}.
      </p>
      {notice && (
        <p className="notice notice-ok" role="status">
          {notice}
        </p>
      )}
      <ErrorNotice error={list.error} />
      {list.loading && !list.data && <Busy />}
      {list.data && items.length === 0 && (
        <p className="empty">
          {status === 'pending'
            ? 'Nothing waits for a decision.'
            : status === 'all'
              ? 'No approvals yet.'
              : `No ${status} approvals.`}
        </p>
      )}
      {items.length > 0 && (
        <div className="approvals" data-testid="approvals">
          {items.map((a) => (
            <ApprovalCard
              key={a.id}
              approval={a}
              mine={!!user && a.caller?.uuid === user.id}
              onDecide={(verdict) => setDeciding({ approval: a, verdict })}
            />
          ))}
        </div>
      )}
      {list.data && list.data.totalPages > 1 && (
        <Pager
          page={page}
          totalPages={list.data.totalPages}
          total={list.data.total}
          onPage={(p) => show({ status, page: p })}
        />
      )}
      {deciding && (
        <DecideDialog
          approval={deciding.approval}
          verdict={deciding.verdict}
          onDone={onDecided}
          onRefused={reload}
          onCancel={() => setDeciding(null)}
        />
      )}
    </section>
  );
}
