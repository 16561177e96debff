/** A policy decision or an approval's state, coloured by what it means for the call. */
const DECISION_CLASS: Record<string, string> = {
  permit: 'badge-active',
  approved: 'badge-active',
  ask: 'badge-warn',
  pending: 'badge-warn',
  forbid: 'badge-error',
  denied: 'badge-error',
  expired: 'badge-expired',
};

export function DecisionBadge({ decision }: { decision: string }) {
  return <span className={`badge ${DECISION_CLASS[decision] ?? ''}`}>{decision}</span>;
}
