import { randomUUID } from 'node:crypto';
import { recordAudit } from '../audit/audit.service.ts';
import type { Principal } from '../auth/capabilities.ts';
import type { AppContext } from '../context.ts';
import { ApiError, invalidParams, notFound } from '../errors.ts';
import { bindCredentialsForAdmin } from '../servers/credential-origins.ts';
import { isUuid, nowIso } from '../store/rows.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import {
  countSourceOperations,
  deleteSource as deleteSourceRow,
  findOpenSourcePlan,
  findSource,
  findSourcePlan,
  insertSourcePlan,
  listSourceOperations,
  listSources,
  pruneSourcePlans,
  type SourcePlanRecord,
  type SourceRecord,
  supersedeSourcePlans,
  updateSource,
} from '../store/sources.repo.ts';
import { listAllTools } from '../store/tools.repo.ts';
import { applyPlan } from './apply.ts';
import { readApplyChoices } from './apply-choices.ts';
import { computePlan, type PlanBody } from './plan.ts';
import {
  describeSummary,
  presentOperations,
  presentPlan,
  presentSource,
  type StoredPlan,
} from './present.ts';
import { readSource } from './read-source.ts';
import { sealPlanDocument } from './sealed-document.ts';

/*
 * The sources API's verbs: list, read, schedule, stop tracking, check (a plan) and apply. Every
 * change of a server's tools made here is recorded in the audit trail.
 */

/** Plans kept per source (the newest); older ones are deleted as new ones come. */
const PLANS_KEPT = 20;

export async function listServerSources(ctx: AppContext, server: ServerRecord) {
  const [sources, counts] = await Promise.all([
    listSources(ctx.store.db, server.id),
    countSourceOperations(ctx.store.db, server.id),
  ]);
  const out = [];
  for (const s of sources) {
    const open = await findOpenSourcePlan(ctx.store.db, s.id);
    out.push(presentSource(s, server.uuid, counts.get(s.id), open?.uuid ?? null));
  }
  return out;
}

/** A source of the server by UUID, or 404 svc_not_found "source not found". */
export async function getSourceOrThrow(ctx: AppContext, server: ServerRecord, ref: string) {
  const source = isUuid(ref) ? await findSource(ctx.store.db, server.id, ref) : undefined;
  if (!source) throw notFound('source');
  return source;
}

/** The source with its operations (what it tracks, what it excludes). */
export async function describeSource(ctx: AppContext, server: ServerRecord, source: SourceRecord) {
  const [counts, ops, tools, open] = await Promise.all([
    countSourceOperations(ctx.store.db, server.id),
    listSourceOperations(ctx.store.db, source.id),
    listAllTools(ctx.store.db, server.id),
    findOpenSourcePlan(ctx.store.db, source.id),
  ]);
  return {
    ...presentSource(source, server.uuid, counts.get(source.id), open?.uuid ?? null),
    operations: presentOperations(ops, new Map(tools.map((t) => [t.id, t]))),
  };
}

/** PATCH: the schedule (minutes between checks, or null for off). */
export async function scheduleSource(
  ctx: AppContext,
  server: ServerRecord,
  source: SourceRecord,
  body: { schedule_minutes?: number | null },
  actor?: Principal,
) {
  if (body.schedule_minutes !== undefined) {
    if (body.schedule_minutes !== null && source.origin !== 'url')
      throw invalidParams({ schedule_minutes: 'only a URL source can be checked on a schedule' });
    await updateSource(ctx.store.db, source.id, { schedule_minutes: body.schedule_minutes });
    await recordAudit(ctx, {
      actor,
      action: 'source.scheduled',
      target_kind: 'source',
      target_id: source.uuid,
      server_uuid: server.uuid,
      detail: { schedule_minutes: body.schedule_minutes },
    });
  }
  return describeSource(ctx, server, await getSourceOrThrow(ctx, server, source.uuid));
}

/** DELETE: stop tracking; the tools stay as they are. */
export async function untrackSource(
  ctx: AppContext,
  server: ServerRecord,
  source: SourceRecord,
  actor?: Principal,
) {
  await deleteSourceRow(ctx.store.db, source.id);
  await recordAudit(ctx, {
    actor,
    action: 'source.deleted',
    target_kind: 'source',
    target_id: source.uuid,
    server_uuid: server.uuid,
    detail: { kind: source.kind, origin: source.origin, title: source.title },
  });
}

const emptyPlan = (): PlanBody => ({
  summary: {
    add: 0,
    change: 0,
    move: 0,
    remove: 0,
    conflicts: 0,
    breaking: 0,
    unchanged: 0,
    excluded: 0,
    flagged: 0,
  },
  entries: [],
  rebase: [],
  forget: [],
  tools: {},
});

/**
 * Reads the source again and stores the plan. A scheduled check stores one only when the
 * document changed and no open plan already shows that version (answers undefined otherwise).
 * A failed read is recorded on the source and thrown.
 */
export async function checkSource(
  ctx: AppContext,
  server: ServerRecord,
  source: SourceRecord,
  opts: { content?: string; trigger: 'manual' | 'scheduled' },
): Promise<SourcePlanRecord | undefined> {
  const db = ctx.store.db;
  const checkedAt = nowIso();
  if (opts.content !== undefined && source.origin !== 'text')
    throw invalidParams({ content: 'a URL source is read from its URL; content is for text sources' });
  const reading = await readSource(ctx, source, opts.content).catch(async (err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    await updateSource(db, source.id, {
      last_checked_at: checkedAt,
      last_check_status: 'error',
      last_check_error: message.slice(0, 2000),
    });
    throw err;
  });
  const status = reading.changed ? 'changed' : reading.reason;
  const checked = { last_checked_at: checkedAt, last_check_status: status, last_check_error: null };
  if (!reading.changed && (reading.etag || reading.lastModified))
    Object.assign(checked, { etag: reading.etag ?? null, last_modified: reading.lastModified ?? null });
  let body: PlanBody = emptyPlan();
  if (reading.changed) {
    const open = await findOpenSourcePlan(db, source.id);
    if (opts.trigger === 'scheduled' && open?.content_hash === reading.hash) {
      await updateSource(db, source.id, checked);
      return undefined;
    }
    const [ops, tools] = await Promise.all([
      listSourceOperations(db, source.id),
      listAllTools(db, server.id),
    ]);
    body = computePlan(source.kind, ops, new Map(tools.map((t) => [t.id, t])), reading.candidates);
  } else if (opts.trigger === 'scheduled') {
    await updateSource(db, source.id, checked);
    return undefined;
  }
  const stored: StoredPlan = {
    ...body,
    upstream: status as StoredPlan['upstream'],
    document: reading.changed ? reading.info : { title: source.title, version: source.doc_version },
    warnings: reading.changed ? reading.warnings : [],
  };
  const planUuid = randomUUID();
  const plan = await db.transaction().execute(async (trx) => {
    await supersedeSourcePlans(trx, source.id);
    const created = await insertSourcePlan(trx, {
      uuid: planUuid,
      source_id: source.id,
      source_version: source.version,
      status: 'open',
      trigger: opts.trigger,
      plan: stored as unknown as Record<string, unknown>,
      document:
        reading.changed && source.origin === 'text'
          ? sealPlanDocument(ctx, source.uuid, planUuid, reading.text)
          : null,
      content_hash: reading.changed ? reading.hash : source.content_hash,
      etag: reading.changed ? reading.etag : source.etag,
      last_modified: reading.changed ? reading.lastModified : source.last_modified,
      created_at: checkedAt,
    });
    await updateSource(trx, source.id, checked);
    await pruneSourcePlans(trx, source.id, PLANS_KEPT);
    return created;
  });
  return plan;
}

/** POST …/check: a plan, as the API answers it. */
export async function checkSourceNow(
  ctx: AppContext,
  server: ServerRecord,
  source: SourceRecord,
  body: { content?: unknown },
) {
  const content =
    body.content === undefined || typeof body.content === 'string'
      ? body.content
      : JSON.stringify(body.content);
  const plan = await checkSource(ctx, server, source, { content, trigger: 'manual' });
  return presentPlan(plan!, source.uuid);
}

export async function getPlanOrThrow(ctx: AppContext, source: SourceRecord, ref: string) {
  const plan = isUuid(ref) ? await findSourcePlan(ctx.store.db, source.id, ref) : undefined;
  if (!plan) throw notFound('plan');
  return plan;
}

export { presentPlan };

/** POST …/plans/{plan_id}/apply: what was done; recorded in the audit trail. */
export async function applySourcePlan(
  ctx: AppContext,
  server: ServerRecord,
  source: SourceRecord,
  plan: SourcePlanRecord,
  body: unknown,
  principal?: Principal,
) {
  const stored = plan.plan as unknown as StoredPlan;
  const choices = readApplyChoices(stored, body);
  if (!principal) throw new ApiError('rest_not_logged_in', 'Sign in to apply a plan.');
  const outcome = await applyPlan(ctx, server, source, plan, choices, principal.name);
  await bindCredentialsForAdmin(
    ctx,
    server,
    outcome.created.map((c) => c.tool_id),
    principal,
  );
  await recordAudit(ctx, {
    actor: principal,
    action: 'source.applied',
    target_kind: 'source',
    target_id: source.uuid,
    server_uuid: server.uuid,
    detail: {
      plan_id: plan.uuid,
      summary: describeSummary(stored.summary),
      created: outcome.created.map((c) => c.slug),
      changed: outcome.changed.map((c) => c.slug),
      removed: outcome.removed.map((r) => ({ slug: r.slug, action: r.action })),
      choices: [...choices.choices].flatMap(([entry, m]) =>
        [...m].map(([field, c]) => ({ entry, field, choice: c.choice })),
      ),
      list_changed: outcome.list_changed,
    },
  });
  const fresh = await getSourceOrThrow(ctx, server, source.uuid);
  const applied = await getPlanOrThrow(ctx, fresh, plan.uuid);
  return {
    plan: presentPlan(applied, source.uuid),
    ...outcome,
    created: outcome.created.map(({ tool_id: _id, ...c }) => c),
  };
}
