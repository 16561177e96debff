import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { errorBodySchema } from './route-docs.ts';

const DESCRIPTION = `Manage Toolgate's MCP servers, their tools, prompts and resources, imports, settings,
API keys and call analytics.

Every route but \`/health\` needs \`Authorization: Bearer <API key>\` (the first start prints an
administrator key once; \`toolgate keys create\` makes more). Errors share one envelope:
\`{code, message, data: {status, ...}}\`; invalid input is 400 \`rest_invalid_param\` with
\`data.params\` naming each field (unknown fields included). Lists answer a JSON array with the
\`X-Svc-Total\` and \`X-Svc-TotalPages\` headers.`;

const TAGS = [
  { name: 'servers', description: 'MCP servers: each is served at `/mcp/{slug}`' },
  { name: 'tools', description: 'Tools of a server: outbound HTTP calls with schema and mappings' },
  {
    name: 'imports',
    description: 'Create tools from cURL, OpenAPI, Postman collections or manifests; export',
  },
  {
    name: 'sources',
    description: 'Tracked import sources: check a changed document, review the plan, apply it',
  },
  { name: 'prompts', description: 'Prompt templates of a server' },
  { name: 'resources', description: 'MCP resources of a server' },
  { name: 'analytics', description: 'Call statistics and call logs' },
  { name: 'settings', description: 'Gateway settings and the health-check diagnostic' },
  { name: 'keys', description: 'Management API keys (administrators)' },
  { name: 'approvals', description: 'Calls waiting for an approver group: the queue and the decisions' },
  { name: 'audit', description: 'The hash-chained audit trail: list, export, verify (administrators)' },
  { name: 'admin', description: 'Maintenance' },
  { name: 'health', description: 'Public liveness' },
];

/**
 * The API reference: the OpenAPI document at `{api_base}/openapi.json`, rendered at `/docs`.
 * Its server URL is the API's own path, relative, so "Try it out" works from any host the page
 * is opened at. Paths are listed relative to it.
 */
export async function registerReference(
  app: FastifyInstance,
  opts: { base: string; version: string },
): Promise<void> {
  const { base } = opts;
  app.addSchema(errorBodySchema);
  await app.register(swagger, {
    openapi: {
      // 3.1: its schemas are JSON Schema, so the route schemas (type arrays, propertyNames) appear as checked.
      openapi: '3.1.0',
      info: { title: 'Toolgate management API', version: opts.version, description: DESCRIPTION },
      servers: [{ url: base || '/', description: 'this gateway' }],
      tags: TAGS,
      components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer' } } },
      security: [{ apiKey: [] }],
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`),
    },
    transform: ({ schema, url }) => ({
      schema,
      url: url.startsWith(base) ? url.slice(base.length) || '/' : url,
    }),
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { url: `${base}/openapi.json` } as never });
}

/**
 * CORS for the management API (registered inside its prefix, so MCP endpoints keep their own
 * per-server rules): browsers at the listed origins may call it (preflight included); others
 * get no CORS headers, so only same-origin pages can. No origin is listed by default.
 */
export async function registerAdminCors(api: FastifyInstance, origins: string[]): Promise<void> {
  if (origins.length === 0) return;
  await api.register(cors, {
    origin: origins,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    exposedHeaders: ['X-Svc-Total', 'X-Svc-TotalPages', 'Retry-After'],
    maxAge: 600,
    strictPreflight: false,
  });
}
