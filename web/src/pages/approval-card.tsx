import { useId, useState } from 'react';
import { ApiError, api } from '../api/client.ts';
import type { Approval } from '../api/types.ts';
import { Confirm } from '../components/confirm.tsx';
import { DecisionBadge } from '../components/decision-badge.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { Field } from '../components/field.tsx';
import { formatDate, formatRelative } from '../lib/format.ts';

export type Verdict = 'approve' | 'deny';

const NOTE_MAX = 500;

const personOf = (p: Approval['caller']) =>
  p ? (p.display_name && p.display_name !== p.email ? `${p.display_name} (${p.email})` : p.email) : null;

/** One held call: what, who asks, why, its arguments, and Approve / Deny when this person may decide. */
export function ApprovalCard({
  approval: a,
  mine,
  onDecide,
}: {
  approval: Approval;
  /** the signed-in person made the call */
  mine: boolean;
  onDecide(verdict: Verdict): void;
}) {
  const titleId = useId();
  const pending = a.status === 'pending';
  const caller = personOf(a.caller) ?? 'the server’s shared identity (no signed-in person)';
  return (
    <article className="card approval" aria-labelledby={titleId} data-status={a.status}>
      <div className="page-head">
        <h2 id={titleId}>
          {a.tool.name} <span className="muted small">on {a.server.name}</span>
        </h2>
        <DecisionBadge decision={a.status} />
      </div>
      <p className="approval-reason">{a.reason}</p>
      <dl className="kv">
        <div>
          <dt>Asked by</dt>
          <dd>{mine ? `you (${caller})` : caller}</dd>
        </div>
        <div>
          <dt>Approvers</dt>
          <dd>{a.approver_group.name}</dd>
        </div>
        <div>
          <dt>Asked</dt>
          <dd>{formatDate(a.created_at)}</dd>
        </div>
        {pending ? (
          <div>
            <dt>Expires</dt>
            <dd title={formatDate(a.expires_at)}>{formatRelative(a.expires_at)}</dd>
          </div>
        ) : (
          <div>
            <dt>{a.status === 'expired' ? 'Expired' : 'Decided'}</dt>
            <dd>{formatDate(a.decided_at ?? a.expires_at)}</dd>
          </div>
        )}
        {a.decided_by && (
          <div>
            <dt>Decided by</dt>
            <dd>{personOf(a.decided_by)}</dd>
          </div>
        )}
        {a.note && (
          <div>
            <dt>Note</dt>
            <dd>{a.note}</dd>
          </div>
        )}
        {a.status === 'approved' && (
          <div>
            <dt>Call made</dt>
            <dd>{a.used_at ? formatDate(a.used_at) : 'not yet'}</dd>
          </div>
        )}
        <div>
          <dt>Policies</dt>
          <dd>
            {a.policy_ids.map((id) => (
              <code key={id} className="tag">
                {id}
              </code>
            ))}
          </dd>
        </div>
      </dl>
      <h3 className="small">Arguments (secrets redacted)</h3>
      <pre className="code">{JSON.stringify(a.arguments, null, 2)}</pre>
      {pending && a.can_decide && (
        <div className="actions">
          <button type="button" className="btn btn-primary" onClick={() => onDecide('approve')}>
            Approve
          </button>
          <button type="button" className="btn btn-danger" onClick={() => onDecide('deny')}>
            Deny
          </button>
        </div>
      )}
      {pending && !a.can_decide && mine && (
        <p className="muted small">Waiting for someone in {a.approver_group.name} to decide.</p>
      )}
    </article>
  );
}

/**
 * Approve or deny in a small dialog that takes an optional note (kept with the decision). A
 * refusal (403 not an approver or one's own call, 404, 409 already decided or expired) is shown in
 * the dialog, and the list is read again.
 */
export function DecideDialog({
  approval,
  verdict,
  onDone,
  onRefused,
  onCancel,
}: {
  approval: Approval;
  verdict: Verdict;
  onDone(approval: Approval): void;
  onRefused(): void;
  onCancel(): void;
}) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const decide = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const body = note.trim() ? { note: note.trim() } : {};
      onDone(await api<Approval>('POST', `/approvals/${approval.id}/${verdict}`, body));
    } catch (err) {
      setError(err);
      if (err instanceof ApiError && [404, 409].includes(err.status)) onRefused();
    } finally {
      setBusy(false);
    }
  };
  const approve = verdict === 'approve';
  return (
    <Confirm
      title={`${approve ? 'Approve' : 'Deny'} ${approval.tool.name} on ${approval.server.name}?`}
      confirmLabel={approve ? 'Approve call' : 'Deny call'}
      tone={approve ? 'primary' : 'danger'}
      busy={busy}
      onConfirm={decide}
      onCancel={onCancel}
    >
      <p>
        {approve
          ? 'The call runs once, with the arguments shown.'
          : 'The caller gets a tool error with your note; nothing is sent upstream.'}
      </p>
      <Field
        label="Note (optional)"
        hint={`up to ${NOTE_MAX} characters, shown to the caller and kept in the audit trail`}
      >
        <textarea rows={3} maxLength={NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
      </Field>
      <ErrorNotice error={error} />
    </Confirm>
  );
}
