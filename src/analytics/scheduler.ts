import type { AppContext } from '../context.ts';
import { runHealthCheck } from '../operations/health-check.ts';
import { getSettings } from '../settings/settings.service.ts';
import { runDueSourceChecks } from '../sources/scheduled-checks.ts';
import { claimOption } from '../store/analytics.repo.ts';
import { readOption } from '../store/options.repo.ts';
import { runRetention } from './retention.ts';
import { checkUsageAlert } from './usage-alert.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * Claims a recurring job slot stored as an option (the ISO time it last ran): true when the job
 * is due and this instance won the claim, so several instances over one database run it once.
 */
export async function claimJob(
  ctx: AppContext,
  name: string,
  intervalMs: number,
  now: number,
): Promise<boolean> {
  const option = `job_last_run:${name}`;
  const last = await readOption<string>(ctx.store.db, option);
  if (last && now - Date.parse(last) < intervalMs) return false;
  return claimOption(ctx.store.db, option, last, new Date(now).toISOString());
}

/** One pass over the background jobs: what is due runs, the rest waits for a later tick. */
export async function runDueJobs(ctx: AppContext, now = Date.now()): Promise<string[]> {
  const ran: string[] = [];
  const log = (job: string, err: unknown) =>
    console.error(`toolgate: ${job} failed: ${(err as Error).message}`);
  const settings = await getSettings(ctx);
  if (await claimJob(ctx, 'retention', DAY, now)) {
    await runRetention(ctx, now).then(
      () => ran.push('retention'),
      (err) => log('retention', err),
    );
  }
  if (settings.enable_health_checks) {
    const interval = Math.max(1, Number(settings.health_check_interval) || 60) * MINUTE;
    if (await claimJob(ctx, 'health_check', interval, now)) {
      await runHealthCheck(ctx).then(
        () => ran.push('health_check'),
        (err) => log('health check', err),
      );
    }
  }
  await checkUsageAlert(ctx, now).then(
    (outcome) => outcome.sent && ran.push('usage_alert'),
    (err) => log('usage alert', err),
  );
  await runDueSourceChecks(ctx, now, (name, interval, at) => claimJob(ctx, name, interval, at)).then(
    (checked) => ran.push(...checked.map((uuid) => `source_check:${uuid}`)),
    (err) => log('source checks', err),
  );
  return ran;
}

/**
 * Starts the background jobs (daily retention, health checks every `health_check_interval`
 * minutes when enabled, the hourly usage alert, tracked sources on their schedules) when `config.schedulerEnabled`: a check every
 * minute, timers unref()ed, stopped through `ctx.onClose`.
 */
export function startScheduler(ctx: AppContext, tickMs = MINUTE): void {
  if (!ctx.config.schedulerEnabled) return;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = runDueJobs(ctx)
      .catch((err) => console.error(`toolgate: scheduler: ${(err as Error).message}`))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(tick, Math.min(tickMs, 5_000));
  const timer = setInterval(tick, tickMs);
  first.unref();
  timer.unref();
  ctx.onClose.push(async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  });
}
