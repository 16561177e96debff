import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifySchema,
} from 'fastify';
import { adminRoutes } from './admin/admin.routes.ts';
import { analyticsRoutes } from './analytics/analytics.routes.ts';
import { metricsRoutes } from './analytics/metrics.routes.ts';
import { approvalsRoutes } from './approvals/approvals.routes.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { connectRoutes } from './connections/connect.routes.ts';
import { connectionsRoutes } from './connections/connections.routes.ts';
import { type AppContext, apiBase } from './context.ts';
import { ApiError, invalidParams } from './errors.ts';
import { healthRoutes, rootHealthRoutes } from './health/health.routes.ts';
import { jsonTextExceedsDepth, MAX_JSON_DEPTH } from './http/json-depth.ts';
import { createLazyChildLogger } from './http/lazy-child-logger.ts';
import { serializeRequest } from './http/log-serializers.ts';
import { registerAdminCors, registerReference } from './http/reference.ts';
import { QuietRequestLog } from './http/request-log.ts';
import {
  closeObjectSchemas,
  describeAjvErrors,
  stripNulFromRequest,
  validatorCompiler,
} from './http/validation.ts';
import { importersRoutes } from './importers/importers.routes.ts';
import { keysRoutes } from './keys/keys.routes.ts';
import { mcpRoutes } from './mcp/transport/mcp.routes.ts';
import { oauthServerRoutes } from './oauth-server/oauth-server.routes.ts';
import { operationsRoutes } from './operations/operations.routes.ts';
import { authRoutes } from './people/auth.routes.ts';
import { meRoutes } from './people/me.routes.ts';
import { peopleRoutes } from './people/people.routes.ts';
import { policiesRoutes } from './policies/policies.routes.ts';
import { promptsRoutes } from './prompts/prompts.routes.ts';
import { resourcesRoutes } from './resources/resources.routes.ts';
import { serversRoutes } from './servers/servers.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { parseTrustProxy } from './shared/client-ip.ts';
import { loggerOptions } from './shared/logger.ts';
import { sourcesRoutes } from './sources/sources.routes.ts';
import { isStoreUnavailable } from './store/db.ts';
import { toolTestRoutes } from './tools/tool-test.routes.ts';
import { toolsRoutes } from './tools/tools.routes.ts';
import { traceRequests } from './tracing/request-spans.ts';
import { tracingOn } from './tracing/tracing.ts';

/** Route groups mounted under `{api_base}`; each file is one domain's home. */
const API_ROUTES: Array<(app: FastifyInstance, ctx: AppContext) => Promise<void>> = [
  healthRoutes,
  serversRoutes,
  keysRoutes,
  toolsRoutes,
  toolTestRoutes,
  importersRoutes,
  sourcesRoutes,
  settingsRoutes,
  promptsRoutes,
  resourcesRoutes,
  analyticsRoutes,
  operationsRoutes,
  authRoutes,
  peopleRoutes,
  meRoutes,
  connectionsRoutes,
  policiesRoutes,
  auditRoutes,
  approvalsRoutes,
];

/** Route groups mounted at the site root (well-known documents, metrics, `/health`, the admin UI). */
const ROOT_ROUTES: Array<(app: FastifyInstance, ctx: AppContext) => Promise<void>> = [
  rootHealthRoutes,
  metricsRoutes,
  adminRoutes,
];

/** The API error an error stands for: its own, or the framework's 4xx in the API's codes; else undefined. */
function asApiError(error: FastifyError | ApiError): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error.validation) return invalidParams(describeAjvErrors(error.validation as never));
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return new ApiError('rest_payload_too_large', 'Request body is too large.');
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return new ApiError('rest_unsupported_media_type', error.message);
  // Fastify's other 4xx (empty JSON body, bad Content-Length…) are all malformed requests.
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    return new ApiError('rest_bad_request', error.message);
  return undefined;
}

interface RouteSchemas {
  route: string;
  schema: FastifySchema;
}
const routeSchemasByApp = new WeakMap<FastifyInstance, RouteSchemas[]>();

/** Every route's schemas as registered (validators compile on first use: a test compiles them all). */
export function routeSchemasOf(app: FastifyInstance): RouteSchemas[] {
  return routeSchemasByApp.get(app) ?? [];
}

/**
 * Builds the HTTP application over an assembled context. Starting to listen is main.ts's job;
 * tests call `app.inject()`.
 */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      ctx.config.logLevel === 'silent'
        ? false
        : { ...loggerOptions(ctx.config), serializers: { req: serializeRequest as never } },
    // At debug, one line per request (http/request-log.ts); fastify's own request lines never.
    logController: new QuietRequestLog(),
    // Request loggers become pino children only when they write a line (lazy-child-logger.ts).
    childLoggerFactory: createLazyChildLogger,
    bodyLimit: ctx.config.bodyLimitBytes,
    // `request.ip` agrees with shared/client-ip.ts: forwarding headers only from TRUST_PROXY hops.
    trustProxy: parseTrustProxy(ctx.config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own rejections (bad percent-encoding, an over-long path param) in the API's error shape.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const known =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? new ApiError('rest_uri_too_long', 'A path parameter is too long.')
          : error.code === 'FST_ERR_BAD_URL'
            ? new ApiError('rest_invalid_url', 'The request path is not a valid URL.')
            : new ApiError('svc_internal_error', 'Internal server error.');
      reply.status(known.status).send(known.toBody());
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document the answers; JSON.stringify writes them, so no field is ever dropped
  // or coerced by a schema that lags behind the code (a test checks answers against the schemas).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // Off (the default), no hook is added: tracing costs the request path nothing.
  if (tracingOn()) traceRequests(app);
  // Every request body is strict: an unknown field is 400 naming it (see closeObjectSchemas).
  const schemas: RouteSchemas[] = [];
  routeSchemasByApp.set(app, schemas);
  app.addHook('onRoute', (route) => {
    if (route.schema?.body) route.schema = { ...route.schema, body: closeObjectSchemas(route.schema.body) };
    if (route.schema) schemas.push({ route: `${route.method} ${route.url}`, schema: route.schema });
  });

  // A JSON body that does not parse is 400 rest_invalid_json; an empty one is "no body".
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    if (jsonTextExceedsDepth(text))
      return done(
        new ApiError('rest_invalid_json', `Request body nests deeper than ${MAX_JSON_DEPTH} levels.`),
        undefined,
      );
    try {
      done(null, JSON.parse(text));
    } catch (err) {
      done(
        new ApiError('rest_invalid_json', `Request body is not valid JSON: ${(err as Error).message}`),
        undefined,
      );
    }
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    let known = asApiError(error);
    if (!known) {
      request.log.error({ err: error }, 'unhandled error');
      known = new ApiError('svc_internal_error', 'Internal server error.');
    }
    if (isStoreUnavailable(error)) {
      request.log.warn({ err: error }, 'request failed: database unavailable');
      known = new ApiError('svc_database_unavailable', 'The database is unavailable; retry shortly.');
      reply.header('retry-after', '1');
    }
    return reply.status(known.status).send(known.toBody());
  });

  app.setNotFoundHandler((request, reply) => {
    const error = new ApiError(
      'rest_no_route',
      `No route for ${request.method} ${request.url.split('?')[0]}`,
    );
    reply.status(error.status).send(error.toBody());
  });

  const base = apiBase(ctx.config);
  await registerReference(app, { base, version: ctx.version });

  await app.register(async (scoped) => {
    // A callback hook, not an async one: it runs on every request and needs no promise.
    scoped.addHook('preValidation', (request, _reply, done) => {
      stripNulFromRequest(request);
      done();
    });
    await scoped.register(
      async (api) => {
        await registerAdminCors(api, ctx.config.adminOrigins);
        api.get('/openapi.json', { schema: { hide: true } }, async () => api.swagger());
        for (const routes of API_ROUTES) await routes(api, ctx);
      },
      { prefix: base },
    );
    for (const routes of ROOT_ROUTES) await scoped.register(async (root) => routes(root, ctx));
  });
  // The MCP endpoint outside that scope: its routes run no hook of the app's (its slug is checked
  // for NUL where it is looked up, mcp/record-cache.ts).
  await app.register(async (root) => mcpRoutes(root, ctx));
  await app.register(async (root) => oauthServerRoutes(root, ctx));
  await app.register(async (root) => connectRoutes(root, ctx));
  return app;
}
