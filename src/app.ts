import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { analyticsRoutes } from './analytics/analytics.routes.ts';
import { metricsRoutes } from './analytics/metrics.routes.ts';
import { type AppContext, apiBase } from './context.ts';
import { ApiError, invalidParams } from './errors.ts';
import { healthRoutes } from './health/health.routes.ts';
import { jsonTextExceedsDepth, MAX_JSON_DEPTH } from './http/json-depth.ts';
import { serializeRequest } from './http/log-serializers.ts';
import { describeAjvErrors, validatorCompiler } from './http/validation.ts';
import { importersRoutes } from './importers/importers.routes.ts';
import { keysRoutes } from './keys/keys.routes.ts';
import { mcpRoutes } from './mcp/mcp.routes.ts';
import { operationsRoutes } from './operations/operations.routes.ts';
import { promptsRoutes } from './prompts/prompts.routes.ts';
import { resourcesRoutes } from './resources/resources.routes.ts';
import { serversRoutes } from './servers/servers.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { toolTestRoutes } from './tools/tool-test.routes.ts';
import { toolsRoutes } from './tools/tools.routes.ts';

/** Route groups mounted under `{api_base}`; each file is one domain's home. */
const API_ROUTES: Array<(app: FastifyInstance, ctx: AppContext) => Promise<void>> = [
  healthRoutes,
  serversRoutes,
  keysRoutes,
  toolsRoutes,
  toolTestRoutes,
  importersRoutes,
  settingsRoutes,
  promptsRoutes,
  resourcesRoutes,
  analyticsRoutes,
  operationsRoutes,
];

/** Route groups mounted at the site root (MCP endpoint, well-known documents, metrics). */
const ROOT_ROUTES: Array<(app: FastifyInstance, ctx: AppContext) => Promise<void>> = [
  metricsRoutes,
  mcpRoutes,
];

/** The API error an error stands for: its own, or the framework's 4xx in the API's codes; else undefined. */
function asApiError(error: FastifyError | ApiError): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error.validation) return invalidParams(describeAjvErrors(error.validation as never));
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return new ApiError(413, 'rest_payload_too_large', 'Request body is too large.');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    const code =
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'rest_unsupported_media_type' : 'rest_bad_request';
    return new ApiError(error.statusCode, code, error.message);
  }
  return undefined;
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
        : {
            level: ctx.config.logLevel,
            serializers: { req: serializeRequest as never },
          },
    bodyLimit: ctx.config.bodyLimitBytes,
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own rejections (bad percent-encoding, an over-long path param) in the API's error shape.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const [status, code, message] =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? [414, 'rest_uri_too_long', 'A path parameter is too long.']
          : error.code === 'FST_ERR_BAD_URL'
            ? [400, 'rest_invalid_url', 'The request path is not a valid URL.']
            : [500, 'svc_internal_error', 'Internal server error.'];
      reply.status(status).send({ code, message, data: { status } });
    },
  });
  app.setValidatorCompiler(validatorCompiler);

  // A JSON body that does not parse is 400 rest_invalid_json; an empty one is "no body".
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    if (jsonTextExceedsDepth(text))
      return done(
        new ApiError(400, 'rest_invalid_json', `Request body nests deeper than ${MAX_JSON_DEPTH} levels.`),
        undefined,
      );
    try {
      done(null, JSON.parse(text));
    } catch (err) {
      done(
        new ApiError(400, 'rest_invalid_json', `Request body is not valid JSON: ${(err as Error).message}`),
        undefined,
      );
    }
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const known = asApiError(error);
    if (known) {
      return reply
        .status(known.status)
        .send({ code: known.code, message: known.message, data: { status: known.status, ...known.data } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ code: 'svc_internal_error', message: 'Internal server error.', data: { status: 500 } });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      code: 'rest_no_route',
      message: `No route for ${request.method} ${request.url.split('?')[0]}`,
      data: { status: 404 },
    });
  });

  const base = apiBase(ctx.config);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Toolgate management API', version: ctx.version },
      servers: [{ url: `${ctx.config.publicUrl}${base}` }],
      components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer' } } },
      security: [{ apiKey: [] }],
    },
    transform: ({ schema, url }) => ({
      schema,
      url: url.startsWith(base) ? url.slice(base.length) || '/' : url,
    }),
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { url: `${base}/openapi.json` } as never });

  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => api.swagger());
      for (const routes of API_ROUTES) await routes(api, ctx);
    },
    { prefix: base },
  );
  for (const routes of ROOT_ROUTES) await app.register(async (root) => routes(root, ctx));
  return app;
}
