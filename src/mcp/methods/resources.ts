import { ResourceReadError, readResourceContents } from '../../resources/read-resource.ts';
import { listServerResources, resolveResource } from '../../resources/resources.service.ts';
import { MAX_RESOURCE_URI_CHARS } from '../../resources/uri-template.ts';
import type { ResourceRecord } from '../../store/resources.repo.ts';
import type { CallContext, MethodHandler } from '../call-context.ts';
import { INTERNAL_ERROR, INVALID_PARAMS, invalidParams, RESOURCE_NOT_FOUND, RpcError } from '../errors.ts';
import { paginate } from '../paginate.ts';
import { saveSessionSubscriptions } from '../sessions.ts';
import { logMcpCall } from './call-log.ts';
import { refuseByPolicy } from './policy-checks.ts';

const MAX_SUBSCRIPTIONS = 1000;
/**
 * Characters of URIs a session's subscriptions may hold together: they are stored with the
 * session (rewritten whole on each change) and held in the record cache, like its capabilities.
 */
export const MAX_SUBSCRIPTION_CHARS = 64 * 1024;

function describe(r: ResourceRecord): Record<string, unknown> {
  return {
    name: r.name,
    ...(r.description ? { description: r.description } : {}),
    ...(r.mime_type ? { mimeType: r.mime_type } : {}),
  };
}

const listResources: MethodHandler = async (params, call) => {
  const all = await listServerResources(call.ctx, call.server.id);
  const plain = all.filter((r) => !r.template_uri).map((r) => ({ uri: r.uri, ...describe(r) }));
  return paginate(plain, params.cursor, 'resources');
};

const listTemplates: MethodHandler = async (params, call) => {
  const all = await listServerResources(call.ctx, call.server.id);
  const templates = all
    .filter((r) => r.template_uri)
    .map((r) => ({ uriTemplate: r.template_uri, ...describe(r) }));
  return paginate(templates, params.cursor, 'resourceTemplates');
};

function requireUri(params: Record<string, unknown>): string {
  if (typeof params.uri !== 'string' || params.uri === '') throw invalidParams('params.uri must be a string');
  if (params.uri.length > MAX_RESOURCE_URI_CHARS)
    throw invalidParams(`params.uri is longer than ${MAX_RESOURCE_URI_CHARS} characters`);
  return params.uri;
}

async function readResource(uri: string, call: CallContext): Promise<unknown> {
  await refuseByPolicy(call, 'read_resource', { uri });
  const resource = await resolveResource(call.ctx, call.server.id, uri);
  // 2026-07-28 (SEP-2164) answers an unknown URI with -32602; the 2025 revisions with -32002.
  if (!resource)
    throw new RpcError(call.modern ? INVALID_PARAMS : RESOURCE_NOT_FOUND, 'Resource not found', { uri });
  try {
    return { contents: [await readResourceContents(call.ctx, resource, uri)] };
  } catch (err) {
    if (err instanceof ResourceReadError) throw new RpcError(INTERNAL_ERROR, err.message, { uri });
    throw err;
  }
}

async function updateSubscriptions(call: CallContext, change: (set: Set<string>) => void): Promise<void> {
  const session = call.session;
  if (!session) return;
  const set = new Set(session.subscriptions);
  change(set);
  if (set.size > MAX_SUBSCRIPTIONS)
    throw invalidParams(`At most ${MAX_SUBSCRIPTIONS} subscriptions per session`);
  let chars = 0;
  for (const uri of set) chars += uri.length;
  if (chars > MAX_SUBSCRIPTION_CHARS)
    throw invalidParams(`A session's subscribed URIs may hold at most ${MAX_SUBSCRIPTION_CHARS} characters`);
  session.subscriptions = [...set];
  await saveSessionSubscriptions(call.ctx, session.id, session.subscriptions);
}

export const resourceMethods: Record<string, MethodHandler> = {
  'resources/list': listResources,
  'resources/templates/list': listTemplates,
  'resources/read': (params, call) => {
    const uri = requireUri(params);
    return logMcpCall(call, 'resources/read', uri, { uri }, () => readResource(uri, call));
  },
  'resources/subscribe': async (params, call) => {
    const uri = requireUri(params);
    await updateSubscriptions(call, (set) => set.add(uri));
    return {};
  },
  'resources/unsubscribe': async (params, call) => {
    const uri = requireUri(params);
    await updateSubscriptions(call, (set) => set.delete(uri));
    return {};
  },
};
