import type { Source } from '../api/types.ts';
import { formatDate } from '../lib/format.ts';

/** "hourly", "every 15 min", "on demand". */
export function describeSchedule(minutes: number | null): string {
  if (minutes === null) return 'on demand';
  if (minutes % 1440 === 0) return minutes === 1440 ? 'daily' : `every ${minutes / 1440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? 'hourly' : `every ${minutes / 60} h`;
  return `every ${minutes} min`;
}

const STATUS_BADGE: Record<string, string> = {
  changed: 'warn',
  not_modified: 'ok',
  unchanged: 'ok',
  error: 'error',
};

/** A source's last check as a badge and a time ("not checked yet" before the first). */
export function LastCheck({ source }: { source: Pick<Source, 'last_check_status' | 'last_checked_at'> }) {
  if (!source.last_check_status) return <span className="muted small">not checked yet</span>;
  return (
    <>
      <span className={`badge badge-${STATUS_BADGE[source.last_check_status] ?? 'draft'}`}>
        {source.last_check_status.replace('_', ' ')}
      </span>{' '}
      <span className="small muted">{formatDate(source.last_checked_at)}</span>
    </>
  );
}
