import type { AppContext } from '../context.ts';
import { findServer } from '../store/servers.repo.ts';
import { listScheduledSources } from '../store/sources.repo.ts';
import { checkSource, getSourceOrThrow } from './sources.service.ts';

const MINUTE = 60_000;

/**
 * The scheduler's pass over sources with a schedule: each one due is claimed as a job of its own
 * (`source_check:<uuid>`, analytics/scheduler.ts `claimJob`), so over one database a single
 * instance checks it. A check that finds a new document stores a plan for the operator; it never
 * applies one. Answers the UUIDs of the sources checked.
 */
export async function runDueSourceChecks(
  ctx: AppContext,
  now: number,
  claim: (name: string, intervalMs: number, now: number) => Promise<boolean>,
): Promise<string[]> {
  const checked: string[] = [];
  for (const listed of await listScheduledSources(ctx.store.db)) {
    if (listed.schedule_minutes === null) continue;
    if (!(await claim(`source_check:${listed.uuid}`, listed.schedule_minutes * MINUTE, now))) continue;
    const server = await findServer(ctx.store.db, String(listed.server_id));
    if (!server) continue;
    try {
      await checkSource(ctx, server, await getSourceOrThrow(ctx, server, listed.uuid), {
        trigger: 'scheduled',
      });
    } catch {
      // Recorded on the source (last_check_status error, last_check_error); the next run tries again.
    }
    checked.push(listed.uuid);
  }
  return checked;
}
