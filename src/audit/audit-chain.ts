import { createHash } from 'node:crypto';
import type { AuditFields, AuditRow } from '../store/audit.repo.ts';

/** The hashed fields in one fixed (sorted) order: the canonical form never depends on how a row was built. */
const HASHED: ReadonlyArray<keyof AuditFields> = [
  'action',
  'actor_id',
  'actor_kind',
  'actor_name',
  'arguments',
  'at',
  'decision',
  'detail',
  'policy_ids',
  'prev_hash',
  'server_uuid',
  'target_id',
  'target_kind',
  'tool',
];

/** Canonical JSON of a row's fields (all but id and hash): sorted keys, absent values as null. */
export function canonicalFields(fields: AuditFields | AuditRow): string {
  return JSON.stringify(Object.fromEntries(HASHED.map((k) => [k, fields[k] ?? null])));
}

/** `sha256(prev_hash + canonical JSON of the fields)`, hex. */
export function hashAuditFields(fields: AuditFields | AuditRow): string {
  return createHash('sha256')
    .update(fields.prev_hash + canonicalFields(fields))
    .digest('hex');
}
