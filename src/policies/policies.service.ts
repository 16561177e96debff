import { randomUUID } from 'node:crypto';
import { recordAudit } from '../audit/audit.service.ts';
import type { Principal } from '../auth/capabilities.ts';
import type { AppContext } from '../context.ts';
import { ApiError, invalidParams, notFound } from '../errors.ts';
import {
  deletePolicy as deletePolicyRow,
  findPolicy,
  findPolicyByName,
  listPolicies as listPolicyRows,
  listPolicyVersions,
  type PolicyRecord,
  savePolicy,
} from '../store/policies.repo.ts';
import { findServer, type ServerRecord } from '../store/servers.repo.ts';
import { findToolBySlug, listAllTools } from '../store/tools.repo.ts';
import { findGroupByName, findUserByUuid } from '../store/users.repo.ts';
import type { PolicyProblem } from './cedar.ts';
import { parsePolicyText, validateStatements } from './compile.ts';
import { decideToolCall, riskOf } from './policy-gate.ts';
import { policySchema } from './schema.ts';

/*
 * Policies as the management API sees them: each is Cedar text (one or more statements) for one
 * server or for all (global), named, enabled or not, versioned. A text is parsed and validated
 * against the schema generated for its server before it is saved; the reasons of a refusal come
 * back with their place in the text. Every save tells every instance to read its sets again.
 */

const NAME = /^[a-z0-9][a-z0-9_.-]{0,63}$/;
export const MAX_POLICY_CHARS = 64 * 1024;

export interface PolicyInput {
  name?: string;
  server_id?: string | null;
  description?: string;
  text?: string;
  enabled?: boolean;
}

function actorOf(principal: Principal): string {
  return principal.keyId !== null ? `${principal.name} (key ${principal.keyId})` : principal.name;
}

async function serverOf(ctx: AppContext, ref: string | null | undefined): Promise<ServerRecord | null> {
  if (ref === null || ref === undefined || ref === '') return null;
  const server = await findServer(ctx.store.db, ref, { allowSlug: true });
  if (!server) throw invalidParams({ server_id: 'no such server' });
  return server;
}

/** The schema text policies of this server (or global ones) are checked against. */
export async function schemaFor(ctx: AppContext, server: ServerRecord | null): Promise<string> {
  return policySchema(server ? await listAllTools(ctx.store.db, server.id) : []);
}

/** Parse and schema problems of a text, none when it may be saved. */
export async function checkPolicyText(
  ctx: AppContext,
  server: ServerRecord | null,
  name: string,
  text: string,
): Promise<PolicyProblem[]> {
  if (text.length > MAX_POLICY_CHARS) return [{ message: `at most ${MAX_POLICY_CHARS} characters` }];
  const parsed = parsePolicyText(name, text);
  if (!parsed.ok) return parsed.problems;
  const problems = validateStatements(parsed.statements, await schemaFor(ctx, server));
  for (const s of parsed.statements)
    if (s.approverGroup && !(await findGroupByName(ctx.store.db, s.approverGroup)))
      problems.push({ message: `${s.id}: @ask("group:${s.approverGroup}") names no group; create it first` });
  return problems;
}

function refuse(problems: PolicyProblem[]): never {
  throw new ApiError('rest_invalid_param', `The policy was not saved: ${problems[0]!.message}`, {
    params: { text: problems.map((p) => p.message).join('; ') },
    problems,
  });
}

async function presentPolicy(ctx: AppContext, policy: PolicyRecord): Promise<Record<string, unknown>> {
  const server = policy.server_id === null ? null : await findServer(ctx.store.db, policy.server_id);
  return {
    id: policy.uuid,
    name: policy.name,
    server_id: server?.uuid ?? null,
    server_name: server?.name ?? null,
    description: policy.description,
    text: policy.text,
    enabled: policy.enabled,
    version: policy.version,
    created_by: policy.created_by,
    updated_by: policy.updated_by,
    created_at: policy.created_at,
    updated_at: policy.updated_at,
  };
}

/** Every instance reads its sets again, and the audit trail says who changed what. */
async function changed(
  ctx: AppContext,
  principal: Principal,
  change: 'created' | 'updated' | 'deleted',
  policy: PolicyRecord,
  server: ServerRecord | null,
): Promise<void> {
  await ctx.events.publish({ type: 'policies_changed' });
  await recordAudit(ctx, {
    actor: principal,
    action: `policy.${change}`,
    target_kind: 'policy',
    target_id: policy.uuid,
    server_uuid: server?.uuid ?? null,
    detail: {
      name: policy.name,
      version: change === 'deleted' ? policy.version + 1 : policy.version,
      text: policy.text,
    },
  });
}

export async function listPolicies(ctx: AppContext, serverRef?: string): Promise<Record<string, unknown>[]> {
  const server =
    serverRef === undefined ? undefined : serverRef === 'global' ? null : await serverOf(ctx, serverRef);
  const rows = await listPolicyRows(ctx.store.db, server === undefined ? undefined : (server?.id ?? null));
  return Promise.all(rows.map((r) => presentPolicy(ctx, r)));
}

async function policyOrThrow(ctx: AppContext, id: string): Promise<PolicyRecord> {
  const policy = await findPolicy(ctx.store.db, id);
  if (!policy) throw notFound('policy');
  return policy;
}

export async function getPolicy(ctx: AppContext, id: string) {
  return presentPolicy(ctx, await policyOrThrow(ctx, id));
}

export async function createPolicy(ctx: AppContext, principal: Principal, input: PolicyInput) {
  const name = input.name ?? '';
  if (!NAME.test(name))
    throw invalidParams({
      name: 'lower-case letters, digits, . _ - (at most 64), starting with a letter or digit',
    });
  const server = await serverOf(ctx, input.server_id);
  if (await findPolicyByName(ctx.store.db, server?.id ?? null, name))
    throw new ApiError(
      'rest_conflict',
      `A policy named "${name}" exists ${server ? 'on this server' : 'among the global policies'}.`,
    );
  const text = input.text ?? '';
  const problems = await checkPolicyText(ctx, server, name, text);
  if (problems.length > 0) refuse(problems);
  const saved = await savePolicy(
    ctx.store.db,
    {
      uuid: randomUUID(),
      server_id: server?.id ?? null,
      name,
      description: input.description ?? '',
      text,
      enabled: input.enabled ?? true,
      version: 1,
      created_by: actorOf(principal),
      updated_by: actorOf(principal),
    },
    'created',
  );
  await changed(ctx, principal, 'created', saved, server);
  return presentPolicy(ctx, saved);
}

export async function updatePolicy(ctx: AppContext, principal: Principal, id: string, input: PolicyInput) {
  const policy = await policyOrThrow(ctx, id);
  if (input.server_id !== undefined)
    throw invalidParams({ server_id: 'a policy stays where it was made: create another for another server' });
  const name = input.name ?? policy.name;
  if (!NAME.test(name)) throw invalidParams({ name: 'lower-case letters, digits, . _ - (at most 64)' });
  const server =
    policy.server_id === null ? null : ((await findServer(ctx.store.db, policy.server_id)) ?? null);
  if (name !== policy.name && (await findPolicyByName(ctx.store.db, policy.server_id, name)))
    throw new ApiError('rest_conflict', `A policy named "${name}" exists there already.`);
  const text = input.text ?? policy.text;
  const problems = await checkPolicyText(ctx, server, name, text);
  if (problems.length > 0) refuse(problems);
  const saved = await savePolicy(
    ctx.store.db,
    {
      ...policy,
      name,
      text,
      description: input.description ?? policy.description,
      enabled: input.enabled ?? policy.enabled,
      version: policy.version + 1,
      updated_by: actorOf(principal),
    },
    'updated',
  );
  await changed(ctx, principal, 'updated', saved, server);
  return presentPolicy(ctx, saved);
}

export async function deletePolicy(ctx: AppContext, principal: Principal, id: string) {
  const policy = await policyOrThrow(ctx, id);
  await deletePolicyRow(ctx.store.db, policy, actorOf(principal));
  const server =
    policy.server_id === null ? null : ((await findServer(ctx.store.db, policy.server_id)) ?? null);
  await changed(ctx, principal, 'deleted', policy, server);
  return { deleted: true, id: policy.uuid };
}

export async function policyVersions(ctx: AppContext, id: string) {
  const policy = await findPolicy(ctx.store.db, id);
  const versions = await listPolicyVersions(ctx.store.db, id);
  if (!policy && versions.length === 0) throw notFound('policy');
  return versions.map(({ policy_uuid: _uuid, ...v }) => v);
}

export async function policySchemaText(ctx: AppContext, serverRef: string | undefined) {
  const server = await serverOf(ctx, serverRef);
  return { schema: await schemaFor(ctx, server) };
}

/** Try it: who calls which tool with what → the decision and the policies that made it. */
export async function tryPolicies(
  ctx: AppContext,
  input: { server_id: string; tool: string; arguments?: Record<string, unknown>; user_id?: string | null },
) {
  const server = await serverOf(ctx, input.server_id);
  if (!server) throw invalidParams({ server_id: 'required' });
  const tool = await findToolBySlug(ctx.store.db, server.id, input.tool);
  if (!tool) throw invalidParams({ tool: 'no such tool on this server' });
  let caller = null;
  if (input.user_id) {
    const user = await findUserByUuid(ctx.store.db, input.user_id);
    if (!user) throw invalidParams({ user_id: 'no such user' });
    caller = { userUuid: user.uuid, clientId: null };
  }
  const outcome = await decideToolCall(ctx, server, tool, input.arguments ?? {}, {
    caller,
    clientIp: '127.0.0.1',
    era: '2026-07-28',
  });
  return {
    decision: outcome.kind,
    policy_ids: outcome.policyIds,
    reason: 'reason' in outcome ? outcome.reason : null,
    approver_group: outcome.kind === 'approve' ? outcome.group : null,
    risk: riskOf(tool),
  };
}

/** The one-click starter: destructive calls ask the caller. */
export async function createStarterPolicy(ctx: AppContext, principal: Principal, serverRef: string | null) {
  return createPolicy(ctx, principal, {
    name: 'destructive-calls-ask',
    server_id: serverRef,
    description: 'Destructive calls ask the person making them to confirm.',
    text: '@ask("caller")\n@reason("this call changes or deletes data")\nforbid(principal, action == Action::"call_tool", resource)\nwhen { resource.risk == "destructive" };',
  });
}
