import { randomUUID } from 'node:crypto';
import {
  type DatabaseIntrospector,
  type Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  sql,
  type TableMetadata,
} from 'kysely';
import { LATENCY_BUCKET_LOWER_MS, LATENCY_BUCKETS } from '../shared/latency-histogram.ts';
import type { Dialect } from './db.ts';

/*
 * Numbered migrations, shared by SQLite and PostgreSQL. `db_version` (health) is the name of the
 * newest applied one. Add a migration by appending to the list; never edit one that has shipped.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not today's types
type AnyDb = Kysely<any>;

function idColumn(dialect: Dialect) {
  return dialect === 'postgres' ? sql`bigserial primary key` : sql`integer primary key autoincrement`;
}

function init(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('servers')
        .addColumn('id', sql`${id}`)
        .addColumn('uuid', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('server_id', 'text', (c) => c.notNull().unique())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('transport_type', 'text', (c) => c.notNull())
        .addColumn('auth_type', 'text', (c) => c.notNull())
        .addColumn('auth_config', 'text')
        .addColumn('outbound_auth_type', 'text', (c) => c.notNull())
        .addColumn('outbound_auth_config', 'text')
        .addColumn('auth_credentials', 'text')
        .addColumn('test_auth_credentials', 'text')
        .addColumn('cors_origins', 'text')
        .addColumn('rate_limit_per_min', 'integer', (c) => c.notNull())
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('tools')
        .addColumn('id', sql`${id}`)
        .addColumn('uuid', 'text', (c) => c.notNull().unique())
        .addColumn('server_id', big, (c) => c.notNull().references('servers.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('endpoint_url', 'text', (c) => c.notNull())
        .addColumn('http_method', 'text', (c) => c.notNull())
        .addColumn('input_schema', 'text', (c) => c.notNull())
        .addColumn('output_schema', 'text')
        .addColumn('parameter_mapping', 'text', (c) => c.notNull())
        .addColumn('response_mapping', 'text', (c) => c.notNull())
        .addColumn('headers', 'text')
        .addColumn('annotations', 'text')
        .addColumn('cache_ttl', 'integer', (c) => c.notNull())
        .addColumn('timeout', 'integer', (c) => c.notNull())
        .addColumn('rate_limit_per_min', 'integer', (c) => c.notNull())
        .addColumn('retry_count', 'integer', (c) => c.notNull())
        .addColumn('retry_backoff', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('tags', 'text', (c) => c.notNull())
        .addColumn('last_tested_at', 'text')
        .addColumn('last_test_response_ms', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('tools_server_slug_unique', ['server_id', 'slug'])
        .execute();

      await db.schema
        .createTable('prompts')
        .addColumn('id', sql`${id}`)
        .addColumn('server_id', big, (c) => c.notNull().references('servers.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('arguments', 'text', (c) => c.notNull())
        .addColumn('template_content', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('prompts_server_idx').on('prompts').column('server_id').execute();

      await db.schema
        .createTable('resources')
        .addColumn('id', sql`${id}`)
        .addColumn('server_id', big, (c) => c.notNull().references('servers.id').onDelete('cascade'))
        .addColumn('uri', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('mime_type', 'text', (c) => c.notNull())
        .addColumn('data_source_type', 'text', (c) => c.notNull())
        .addColumn('data_source_config', 'text', (c) => c.notNull())
        .addColumn('template_uri', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('resources_server_idx').on('resources').column('server_id').execute();

      await db.schema
        .createTable('api_keys')
        .addColumn('id', sql`${id}`)
        .addColumn('uuid', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('prefix', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('capabilities', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .addColumn('expires_at', 'text')
        .addColumn('revoked_at', 'text')
        .execute();

      await db.schema
        .createTable('options')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('call_logs')
        .addColumn('id', sql`${id}`)
        .addColumn('server_id', big)
        .addColumn('server_uuid', 'text')
        .addColumn('server_name', 'text', (c) => c.notNull())
        .addColumn('tool_id', big)
        .addColumn('tool_name', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('client_type', 'text', (c) => c.notNull())
        .addColumn('client_name', 'text')
        .addColumn('client_ip', 'text')
        .addColumn('session_id', 'text')
        .addColumn('request_args', 'text')
        .addColumn('response_status', 'text', (c) => c.notNull())
        .addColumn('http_status', 'integer')
        .addColumn('response_time_ms', 'integer', (c) => c.notNull())
        .addColumn('error_message', 'text')
        .addColumn('response_data', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('call_logs_created_idx').on('call_logs').column('created_at').execute();
      await db.schema
        .createIndex('call_logs_server_created_idx')
        .on('call_logs')
        .columns(['server_uuid', 'created_at'])
        .execute();

      await db.schema
        .createTable('analytics_daily')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('server_id', big, (c) => c.notNull())
        .addColumn('tool_id', big, (c) => c.notNull())
        .addColumn('calls', big, (c) => c.notNull())
        .addColumn('errors', big, (c) => c.notNull())
        .addColumn('total_ms', big, (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('analytics_daily_pk', ['day', 'server_id', 'tool_id'])
        .execute();

      await db.schema
        .createTable('mcp_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('server_id', big, (c) => c.notNull())
        .addColumn('protocol_version', 'text', (c) => c.notNull())
        .addColumn('client_name', 'text')
        .addColumn('client_version', 'text')
        .addColumn('client_capabilities', 'text')
        .addColumn('log_level', 'text', (c) => c.notNull())
        .addColumn('subscriptions', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('ended_at', 'text')
        .execute();
      await db.schema
        .createIndex('mcp_sessions_seen_idx')
        .on('mcp_sessions')
        .column('last_seen_at')
        .execute();
    },
  };
}

/** Indexes for the call-log filters that scan the whole table otherwise (measured in bench/analytics). */
const callLogFilterIndexes: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createIndex('call_logs_status_created_idx')
      .on('call_logs')
      .columns(['response_status', 'created_at'])
      .execute();
    await db.schema.createIndex('call_logs_time_idx').on('call_logs').column('response_time_ms').execute();
  },
};

/** A tool's optional request-body template with `{{var}}` placeholders (issue 3). */
const toolBodyTemplate: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('tools').addColumn('body_template', 'text').execute();
  },
};

/**
 * Multi-round tool calls (issue 14): a tool's `interaction` settings (JSON: confirmation, inputs
 * asked of the client, missing-input forms, sampling summary), and the single-use nonces of the
 * signed `requestState` values already redeemed (anti-replay across instances).
 */
const toolInteraction: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('tools').addColumn('interaction', 'text').execute();
    await db.schema
      .createTable('mcp_request_states')
      .addColumn('nonce', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('mcp_request_states_expiry_idx')
      .on('mcp_request_states')
      .column('expires_at')
      .execute();
  },
};

/**
 * Large APIs (issue 16): a server's `tool_exposure` (`all` | `discovery` | `auto`; servers that
 * existed keep `all`, new ones get `auto` from the service) and the estimated tokens of every
 * call's arguments and returned content (token metering).
 */
const toolExposureAndTokens: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('servers')
      .addColumn('tool_exposure', 'text', (c) => c.notNull().defaultTo('all'))
      .execute();
    await db.schema.alterTable('call_logs').addColumn('args_tokens', 'integer').execute();
    await db.schema.alterTable('call_logs').addColumn('result_tokens', 'integer').execute();
  },
};

/**
 * Responses sized for a model (issue 16): a tool's `max_output_tokens` (null = the server's
 * `settings.max_output_tokens`, whose default is 10,000 tokens).
 */
const toolMaxOutputTokens: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('tools').addColumn('max_output_tokens', 'integer').execute();
  },
};

/**
 * The origin of a tool URL whose scheme and host are literal (`{{var}}` only after them); null
 * for one whose origin is a placeholder. Kept here, not shared: a shipped migration must not
 * change with later code.
 */
function literalOrigin(url: string): string | null {
  const head = /^(https?:\/\/[^/?#]*)/i.exec(url)?.[1];
  if (!head || head.includes('{{')) return null;
  try {
    const parsed = new URL(head);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * Credentials bound to origins (issue 31): each credential set carries the origins it may be
 * sent to. Existing sets get the origins of their server's tools at migration time, so an
 * upgrade changes nothing for tools that exist; a set of a server without such tools stays
 * unbound (an administrator binds it).
 */
const credentialOrigins: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('servers').addColumn('auth_credentials_origins', 'text').execute();
    await db.schema.alterTable('servers').addColumn('test_auth_credentials_origins', 'text').execute();
    const servers = await db
      .selectFrom('servers')
      .select(['id', 'auth_credentials', 'test_auth_credentials'])
      .where((eb) =>
        eb.or([eb('auth_credentials', 'is not', null), eb('test_auth_credentials', 'is not', null)]),
      )
      .execute();
    for (const server of servers) {
      const tools = await db
        .selectFrom('tools')
        .select('endpoint_url')
        .where('server_id', '=', server.id)
        .execute();
      const origins = [
        ...new Set(tools.map((t) => literalOrigin(String(t.endpoint_url))).filter((o) => o !== null)),
      ].sort();
      if (origins.length === 0) continue;
      const list = JSON.stringify(origins);
      await db
        .updateTable('servers')
        .set({
          ...(server.auth_credentials !== null ? { auth_credentials_origins: list } : {}),
          ...(server.test_auth_credentials !== null ? { test_auth_credentials_origins: list } : {}),
        })
        .where('id', '=', server.id)
        .execute();
    }
  },
};

/** Column of histogram bucket i in `analytics_hourly` (`b00` … `b63`). */
export function bucketColumn(i: number): string {
  return `b${String(i).padStart(2, '0')}`;
}

export const BUCKET_COLUMNS: readonly string[] = Array.from({ length: LATENCY_BUCKETS }, (_, i) =>
  bucketColumn(i),
);

/** SQL of the histogram bucket of `response_time_ms` (the edges of src/shared/latency-histogram.ts). */
export function bucketCaseSql(): string {
  const whens = LATENCY_BUCKET_LOWER_MS.slice(1).map(
    (edge, i) => `when response_time_ms < ${edge} then ${i}`,
  );
  return `case ${whens.join(' ')} else ${LATENCY_BUCKETS - 1} end`;
}

/**
 * Rebuilds `analytics_hourly` from what is stored: the latency histogram, min and max of every
 * hour that still has call logs (one pass over `call_logs`), then calls, errors and summed
 * latency from the per-tool hourly aggregates, which outlive the call logs. Hours whose logs are
 * gone keep an empty histogram (their percentiles read as unknown). Migration 007 and the
 * analytics bench's seeding use it.
 */
export async function backfillHourlyRollup(db: AnyDb): Promise<void> {
  const now = new Date().toISOString();
  const bucketCase = bucketCaseSql();
  const pivot = BUCKET_COLUMNS.map((_, i) => `sum(case when b = ${i} then 1 else 0 end)`).join(', ');
  await sql
    .raw(`insert into analytics_hourly (hour, calls, errors, total_ms, min_ms, max_ms, updated_at, ${BUCKET_COLUMNS.join(', ')})
      select hour, count(*), sum(err), sum(ms), min(ms), max(ms), '${now}', ${pivot}
      from (select substr(created_at, 1, 13) as hour, response_time_ms as ms,
              case when response_status = 'success' then 0 else 1 end as err, ${bucketCase} as b
            from call_logs) as logs
      group by hour`)
    .execute(db);
  await sql
    .raw(`insert into analytics_hourly (hour, calls, errors, total_ms, updated_at)
      select day, sum(calls), sum(errors), sum(total_ms), '${now}' from analytics_daily where true group by day
      on conflict (hour) do update set calls = excluded.calls, errors = excluded.errors, total_ms = excluded.total_ms`)
    .execute(db);
}

/**
 * The site-wide hourly rollup (issue 15): one row per UTC hour with calls, errors, summed
 * latency, the smallest and largest latency and a 64-bucket latency histogram, written with the
 * per-tool aggregates. A year is 8,760 rows, so the time series and overview read it in one
 * query (the per-tool `analytics_daily` holds ~50x more rows on a busy site).
 */
function hourlyRollup(dialect: Dialect): Migration {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: AnyDb) {
      let table = db.schema
        .createTable('analytics_hourly')
        .addColumn('hour', 'text', (c) => c.primaryKey())
        .addColumn('calls', big, (c) => c.notNull())
        .addColumn('errors', big, (c) => c.notNull())
        .addColumn('total_ms', big, (c) => c.notNull())
        .addColumn('min_ms', big)
        .addColumn('max_ms', big)
        .addColumn('updated_at', 'text', (c) => c.notNull());
      for (const column of BUCKET_COLUMNS)
        table = table.addColumn(column, 'integer', (c) => c.notNull().defaultTo(0));
      await table.execute();
      await backfillHourlyRollup(db);
    },
  };
}

/**
 * People (issue 34): users, groups and their members, admin UI sessions, an owner for every API
 * key, and the records of the OAuth authorization server. A database that has keys gets its
 * first administrator (`admin@localhost`, no password: it is set through a key-signed-in client)
 * and that person owns every key.
 */
function people(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('users')
        .addColumn('id', sql`${id}`)
        .addColumn('uuid', 'text', (c) => c.notNull().unique())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text')
        .addColumn('role', 'text')
        .addColumn('external_subject', 'text', (c) => c.unique())
        .addColumn('disabled_at', 'text')
        .addColumn('last_sign_in_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('user_groups')
        .addColumn('id', sql`${id}`)
        .addColumn('uuid', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('role', 'text')
        .addColumn('idp_group', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('user_group_members')
        .addColumn('group_id', big, (c) => c.notNull().references('user_groups.id').onDelete('cascade'))
        .addColumn('user_id', big, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('user_group_members_pk', ['group_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('user_group_members_user_idx')
        .on('user_group_members')
        .column('user_id')
        .execute();
      await db.schema
        .createTable('web_sessions')
        .addColumn('id', sql`${id}`)
        .addColumn('uuid', 'text', (c) => c.notNull().unique())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('csrf_token_hash', 'text', (c) => c.notNull())
        .addColumn('user_id', big, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('web_sessions_user_idx').on('web_sessions').column('user_id').execute();
      // No foreign key: a key whose owner row is gone is refused (auth/api-keys.ts), never ownerless.
      await db.schema.alterTable('api_keys').addColumn('user_id', big).execute();
      await db.schema.createIndex('api_keys_user_idx').on('api_keys').column('user_id').execute();
      await db.schema
        .createTable('oauth_records')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('grant_id', 'text')
        .addColumn('user_code', 'text')
        .addColumn('uid', 'text')
        .addColumn('expires_at', 'text')
        .addColumn('consumed_at', 'text')
        .addPrimaryKeyConstraint('oauth_records_pk', ['kind', 'id'])
        .execute();
      await db.schema
        .createIndex('oauth_records_uid_idx')
        .on('oauth_records')
        .columns(['kind', 'uid'])
        .execute();
      await db.schema
        .createIndex('oauth_records_grant_idx')
        .on('oauth_records')
        .columns(['kind', 'grant_id'])
        .execute();
      await db.schema
        .createIndex('oauth_records_expiry_idx')
        .on('oauth_records')
        .column('expires_at')
        .execute();

      const keys = await db
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      if (Number(keys?.n ?? 0) === 0) return;
      const now = new Date().toISOString();
      const admin = await db
        .insertInto('users')
        .values({
          uuid: randomUUID(),
          email: 'admin@localhost',
          display_name: 'Administrator',
          password_hash: null,
          role: 'administrator',
          external_subject: null,
          disabled_at: null,
          last_sign_in_at: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.updateTable('api_keys').set({ user_id: admin.id }).execute();
    },
  };
}

/**
 * The person behind a call (issue 34): call logs name the user (their UUID, kept after the user is
 * deleted) and the OAuth client; a server names who may use it; an MCP session, who opened it.
 */
const principal: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('call_logs').addColumn('user_uuid', 'text').execute();
    await db.schema.alterTable('call_logs').addColumn('oauth_client_id', 'text').execute();
    await db.schema
      .createIndex('idx_call_logs_user')
      .on('call_logs')
      .columns(['user_uuid', 'created_at'])
      .execute();
    await db.schema.alterTable('servers').addColumn('access_list', 'text').execute();
    await db.schema.alterTable('mcp_sessions').addColumn('user_uuid', 'text').execute();
  },
};

/**
 * Each person's own upstream credentials (issue 35): `connections` is the token vault, one row
 * per (user, server) naming the provider configuration it was made with; its tokens are sealed
 * with the instance secret box, bound to user, server and provider. `connect_links` are the
 * single-use consent links a tools/call hands out (only their hash is kept).
 */
function connections(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('connections')
        .addColumn('id', sql`${id}`)
        .addColumn('uuid', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', big, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('server_id', big, (c) => c.notNull().references('servers.id').onDelete('cascade'))
        .addColumn('user_uuid', 'text', (c) => c.notNull())
        .addColumn('server_uuid', 'text', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('tokens', 'text')
        .addColumn('scope', 'text')
        .addColumn('expires_at', 'text')
        .addColumn('refreshing_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('last_used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('connections_user_server_uq', ['user_uuid', 'server_uuid'])
        .execute();
      await db.schema.createIndex('connections_server_idx').on('connections').column('server_id').execute();
      await db.schema.createIndex('connections_user_idx').on('connections').column('user_id').execute();
      await db.schema
        .createTable('connect_links')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', big, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('server_id', big, (c) => c.notNull().references('servers.id').onDelete('cascade'))
        .addColumn('stage', 'text', (c) => c.notNull())
        .addColumn('state', 'text')
        .addColumn('flow', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('connect_links_state_idx').on('connect_links').column('state').execute();
    },
  };
}

/**
 * Policies (issue 36): Cedar policy texts per server or global, each change kept as a version
 * (who, when, what); a tool's risk level when an operator sets one (null: from its method and
 * annotations).
 */
function policies(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('policies')
        .addColumn('id', sql`${id}`)
        .addColumn('uuid', 'text', (c) => c.notNull().unique())
        .addColumn('server_id', big, (c) => c.references('servers.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_by', 'text')
        .addColumn('updated_by', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('policies_server_idx').on('policies').column('server_id').execute();
      await db.schema
        .createTable('policy_versions')
        .addColumn('policy_uuid', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('change', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('changed_by', 'text')
        .addColumn('changed_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('policy_versions_pk', ['policy_uuid', 'version'])
        .execute();
      await db.schema.alterTable('tools').addColumn('risk', 'text').execute();
    },
  };
}

/**
 * The audit trail (issue 36): append-only rows, each chained to the one before by a SHA-256 hash
 * (src/audit/audit-chain.ts), so an edited or deleted row is found by walking the chain.
 */
function audit(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', sql`${id}`)
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('actor_kind', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'text')
        .addColumn('actor_name', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_kind', 'text')
        .addColumn('target_id', 'text')
        .addColumn('server_uuid', 'text')
        .addColumn('tool', 'text')
        .addColumn('arguments', 'text')
        .addColumn('decision', 'text')
        .addColumn('policy_ids', 'text')
        .addColumn('detail', 'text')
        .addColumn('prev_hash', 'text', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
      await db.schema.createIndex('audit_log_action_idx').on('audit_log').column('action').execute();
    },
  };
}

/** The policies that permitted a call, on its own call-log row (issue 36): one row per call, not two. */
const callLogPolicies: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('call_logs').addColumn('policy_ids', 'text').execute();
  },
};

/** Code mode (issue 37): a program's `api` calls and the run's own row carry the run's id. */
const callLogRuns: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('call_logs').addColumn('run_id', 'text').execute();
  },
};

/**
 * Long-running calls (issue 38): a tool's `execution` settings, and the tasks of the MCP Tasks
 * extension — in the store so that any instance answers for any task and a restart loses none.
 */
function tasks(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('tools').addColumn('execution', 'text').execute();
      await db.schema
        .createTable('tasks')
        .addColumn('id', sql`${id}`)
        .addColumn('task_id', 'text', (c) => c.notNull().unique())
        .addColumn('server_id', big, (c) => c.notNull().references('servers.id').onDelete('cascade'))
        .addColumn('tool_id', big, (c) => c.references('tools.id').onDelete('set null'))
        .addColumn('tool_slug', 'text', (c) => c.notNull())
        .addColumn('owner', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('status_message', 'text')
        .addColumn('phase', 'text', (c) => c.notNull())
        .addColumn('request_sealed', 'text', (c) => c.notNull())
        .addColumn('input_requests', 'text')
        .addColumn('input_responses_sealed', 'text')
        .addColumn('poll_url', 'text')
        .addColumn('result_sealed', 'text')
        .addColumn('error', 'text')
        .addColumn('cancel_requested', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ttl_ms', big, (c) => c.notNull())
        .addColumn('poll_interval_ms', 'integer', (c) => c.notNull())
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tasks_work_idx').on('tasks').columns(['phase', 'lease_until']).execute();
      await db.schema.createIndex('tasks_expires_idx').on('tasks').column('expires_at').execute();
    },
  };
}

/**
 * Calls waiting for an approver (issue 36): a policy's `@ask("group:…")` puts the call here until a
 * member of that group approves or denies it, or it expires. Rows outlive a restart and are read by
 * every instance; the arguments are sealed (they run once approved), a redacted copy is shown.
 */
function approvals(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('approvals')
        .addColumn('id', sql`${id}`)
        .addColumn('uuid', 'text', (c) => c.notNull().unique())
        .addColumn('server_id', big, (c) => c.notNull().references('servers.id').onDelete('cascade'))
        .addColumn('tool_id', big, (c) => c.notNull().references('tools.id').onDelete('cascade'))
        .addColumn('principal', 'text', (c) => c.notNull())
        .addColumn('user_uuid', 'text')
        .addColumn('group_uuid', 'text', (c) => c.notNull())
        .addColumn('call_hash', 'text', (c) => c.notNull())
        .addColumn('arguments_sealed', 'text', (c) => c.notNull())
        .addColumn('arguments_shown', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('policy_ids', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('decided_at', 'text')
        .addColumn('decided_by', 'text')
        .addColumn('decided_by_name', 'text')
        .addColumn('note', 'text')
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createIndex('approvals_call_idx')
        .on('approvals')
        .columns(['server_id', 'call_hash'])
        .execute();
      await db.schema
        .createIndex('approvals_status_idx')
        .on('approvals')
        .columns(['status', 'created_at'])
        .execute();
    },
  };
}

/**
 * Tracked import sources (issue 39): the document an import came from (URL or stored text), its
 * validators for conditional GETs and an optional re-check schedule; per operation, its stable key
 * and the candidate as last applied (the merge base), or `excluded` when it was not imported; and
 * the plans a re-read produced, kept with the versions they were computed against.
 */
function sources(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('sources')
        .addColumn('id', sql`${id}`)
        .addColumn('uuid', 'text', (c) => c.notNull().unique())
        .addColumn('server_id', big, (c) => c.notNull().references('servers.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('origin', 'text', (c) => c.notNull())
        .addColumn('url', 'text')
        .addColumn('document', 'text')
        .addColumn('base_url', 'text')
        .addColumn('imported_status', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('doc_version', 'text', (c) => c.notNull())
        .addColumn('content_hash', 'text', (c) => c.notNull())
        .addColumn('etag', 'text')
        .addColumn('last_modified', 'text')
        .addColumn('schedule_minutes', 'integer')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('last_checked_at', 'text')
        .addColumn('last_check_status', 'text')
        .addColumn('last_check_error', 'text')
        .addColumn('last_applied_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sources_server_idx').on('sources').column('server_id').execute();
      await db.schema
        .createTable('source_operations')
        .addColumn('id', sql`${id}`)
        .addColumn('source_id', big, (c) => c.notNull().references('sources.id').onDelete('cascade'))
        .addColumn('tool_id', big, (c) => c.references('tools.id').onDelete('set null'))
        .addColumn('op_key', 'text', (c) => c.notNull())
        .addColumn('operation_id', 'text')
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('base', 'text')
        .addColumn('excluded', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('removed_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('source_operations_key_unique', ['source_id', 'op_key'])
        .execute();
      await db.schema
        .createIndex('source_operations_tool_idx')
        .on('source_operations')
        .column('tool_id')
        .execute();
      await db.schema
        .createTable('source_plans')
        .addColumn('id', sql`${id}`)
        .addColumn('uuid', 'text', (c) => c.notNull().unique())
        .addColumn('source_id', big, (c) => c.notNull().references('sources.id').onDelete('cascade'))
        .addColumn('source_version', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('trigger', 'text', (c) => c.notNull())
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('document', 'text')
        .addColumn('content_hash', 'text', (c) => c.notNull())
        .addColumn('etag', 'text')
        .addColumn('last_modified', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('applied_at', 'text')
        .addColumn('applied_by', 'text')
        .execute();
      await db.schema
        .createIndex('source_plans_source_idx')
        .on('source_plans')
        .columns(['source_id', 'created_at'])
        .execute();
    },
  };
}

export function listMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001_init': init(dialect),
    '002_call_log_filter_indexes': callLogFilterIndexes,
    '003_tool_body_template': toolBodyTemplate,
    '004_tool_interaction': toolInteraction,
    '005_tool_exposure_tokens': toolExposureAndTokens,
    '006_tool_max_output_tokens': toolMaxOutputTokens,
    '007_hourly_rollup': hourlyRollup(dialect),
    '008_credential_origins': credentialOrigins,
    '009_people': people(dialect),
    '010_principal': principal,
    '011_connections': connections(dialect),
    '012_policies': policies(dialect),
    '013_audit': audit(dialect),
    '014_call_log_policies': callLogPolicies,
    '015_approvals': approvals(dialect),
    '016_call_log_runs': callLogRuns,
    '017_tasks': tasks(dialect),
    '018_sources': sources(dialect),
  };
}

export function createMigrator(db: AnyDb, dialect: Dialect, schema?: string): Migrator {
  const provider: MigrationProvider = { getMigrations: async () => listMigrations(dialect) };
  if (!schema) return new Migrator({ db, provider });
  return new Migrator({ db: withSchemaIntrospection(db, schema), provider, migrationTableSchema: schema });
}

/*
 * kysely's Migrator asks its introspector for every table of every schema only to see whether its
 * two tables exist in one. On PostgreSQL that query looks each schema up by name
 * (`has_schema_privilege`, `pg_get_serial_sequence`), so another schema of the same database
 * dropped meanwhile (a second Toolgate, a test run) failed the migration with "schema … does not
 * exist". The Migrator gets an introspector that looks in its own schema only; the rest of the
 * database object is the real one (methods bound to it: kysely keeps its state in private fields,
 * which a Proxy receiver cannot reach).
 */
function withSchemaIntrospection(db: AnyDb, schema: string): AnyDb {
  const introspection: DatabaseIntrospector = {
    async getSchemas() {
      const { rows } = await sql<{ name: string }>`
        select nspname as name from pg_catalog.pg_namespace where nspname = ${schema}`.execute(db);
      return rows;
    },
    async getTables(): Promise<TableMetadata[]> {
      const { rows } = await sql<{ name: string; type: string }>`
        select table_name as name, table_type as type from information_schema.tables
        where table_schema = ${schema}`.execute(db);
      return rows.map((r) => ({ name: r.name, schema, isView: r.type === 'VIEW', columns: [] }));
    },
    async getMetadata() {
      return { tables: await this.getTables() };
    },
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/*
 * Kysely looks for its migration tables in every schema of a PostgreSQL database unless told
 * which one; a second Toolgate (or test run) in another schema of the same database would then
 * be taken for this one. Pin it to the connection's current schema (the first of search_path).
 */
async function migrationSchema(db: AnyDb, dialect: Dialect): Promise<string | undefined> {
  if (dialect !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/** Applies every pending migration; returns the newest applied migration name (the db_version). */
export async function migrateToLatest(db: AnyDb, dialect: Dialect): Promise<string> {
  const schema = await migrationSchema(db, dialect);
  const { error } = await createMigrator(db, dialect, schema).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return readDbVersion(db, dialect);
}

export async function readDbVersion(db: AnyDb, dialect: Dialect): Promise<string> {
  const schema = await migrationSchema(db, dialect);
  const all = await createMigrator(db, dialect, schema).getMigrations();
  const applied = all.filter((m) => m.executedAt !== undefined).map((m) => m.name);
  return applied.at(-1)?.split('_')[0] ?? '000';
}
