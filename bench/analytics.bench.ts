/*
 * Analytics over a year of traffic: seeds 1,000,000 call-log rows (10 servers × 5 tools,
 * ~5 % errors, spread over 365 days) and their hourly aggregates (per tool, and the site-wide
 * rollup with its latency histogram) into a temp SQLite file, then
 * times the overview, filtered call-log pages, the time series and a breakdown through the real
 * app (`inject`, auth included). Run: node --import tsx bench/analytics.bench.ts [rows]
 */
import { sql } from 'kysely';
import { updateSettings } from '../src/settings/settings.service.ts';
import { backfillHourlyRollup } from '../src/store/migrations.ts';
import { buildTestApp } from '../test/helpers.ts';

const ROWS = Number(process.argv[2] ?? process.env.ANALYTICS_BENCH_ROWS ?? 1_000_000);
const DAYS = 365;
const CHUNK = 100_000;

const t = await buildTestApp();
try {
  const db = t.ctx.store.db;
  const servers: Array<{ id: number; uuid: string }> = [];
  for (let i = 0; i < 10; i++) servers.push((await t.api('POST', '/servers', { name: `Bench ${i}` })).json());
  await updateSettings(t.ctx, { timezone: 'America/New_York' });

  const seedStart = performance.now();
  const end = Date.now();
  const startSec = Math.floor((end - DAYS * 86_400_000) / 1000);
  const step = (DAYS * 86_400) / ROWS;
  const firstId = servers[0]!.id;
  // Server i has id firstId + i (created just above); its uuid comes from the servers table.
  for (let from = 0; from < ROWS; from += CHUNK) {
    const to = Math.min(ROWS, from + CHUNK) - 1;
    await db.transaction().execute(async (trx) => {
      await sql`
        with recursive seq(x) as (select ${from} union all select x + 1 from seq where x < ${to})
        insert into call_logs (server_id, server_uuid, server_name, tool_id, tool_name, method, client_type,
          client_name, client_ip, session_id, request_args, response_status, http_status, response_time_ms,
          error_message, response_data, created_at)
        select ${firstId} + (x % 10), s.uuid, s.name, (x % 50) + 1, 'tool_' || (x % 50), 
          case when x % 20 = 7 then 'prompts/get' when x % 20 = 8 then 'resources/read' else 'tools/call' end,
          'mcp', case x % 4 when 0 then 'claude-ai' when 1 then 'cursor-vscode' when 2 then 'mcp' else null end,
          '10.0.' || (x % 7) || '.' || (x % 200), null, '{"q":"bench"}',
          case when ((x * 2654435761) / 1000) % 100 < 5 then 'error' else 'success' end,
          case when ((x * 2654435761) / 1000) % 100 < 5 then 502 else 200 end,
          20 + ((x * 2654435761) % 480) + case when x % 97 = 0 then 3000 else 0 end,
          case when ((x * 2654435761) / 1000) % 100 < 5 then 'upstream timeout after 30 s' else null end,
          null,
          strftime('%Y-%m-%dT%H:%M:%fZ', ${startSec} + x * ${step}, 'unixepoch')
        from seq join servers s on s.id = ${firstId} + (x % 10)
      `.execute(trx);
    });
  }
  await sql`
    insert into analytics_daily (day, server_id, tool_id, calls, errors, total_ms, updated_at)
    select substr(created_at, 1, 13), server_id, tool_id, count(*),
      sum(case when response_status = 'success' then 0 else 1 end), sum(response_time_ms), ${new Date().toISOString()}
    from call_logs group by 1, 2, 3
  `.execute(db);
  // The site-wide hourly rollup with its latency histogram, as migration 007 builds it.
  await backfillHourlyRollup(db);
  await sql`analyze`.execute(db);
  const count = await db
    .selectFrom('call_logs')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  const aggregates = await db
    .selectFrom('analytics_daily')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  console.log(
    `analytics: seeded ${count?.n} call logs + ${aggregates?.n} hourly aggregates in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(end - 30 * 86_400_000).toISOString().slice(0, 10);
  const yearAgo = new Date(end - 364 * 86_400_000).toISOString().slice(0, 10);
  const cases: Array<[string, string]> = [
    ['overview (today)', '/analytics/overview'],
    ['overview days=90', '/analytics/overview?days=90'],
    ['overview one year (from/to)', `/analytics/overview?from=${yearAgo}&to=${today}`],
    ['calls page 1, no filter (total of 1M)', '/analytics/calls'],
    ['calls page 50, no filter', '/analytics/calls?page=50'],
    [
      'calls server+status+30 days',
      `/analytics/calls?server_id=${servers[3]!.uuid}&status=error&from=${monthAgo}`,
    ],
    ['calls status=error (whole table)', '/analytics/calls?status=error'],
    [
      'calls min_response_time_ms=3000',
      '/analytics/calls?min_response_time_ms=3000&orderby=response_time_ms',
    ],
    ['calls method_group=prompts', '/analytics/calls?method_group=prompts'],
    ['calls search=timeout (substring scan)', '/analytics/calls?search=timeout'],
    ['timeseries days=30', '/analytics/timeseries?days=30'],
    ['timeseries one year (from/to)', `/analytics/timeseries?from=${yearAgo}&to=${today}`],
    ['breakdown by=client days=7', '/analytics/breakdown?by=client&days=7'],
  ];
  for (const [label, path] of cases) {
    const times: number[] = [];
    let total = '';
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const res = await t.api('GET', path);
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
      total = String(res.headers['x-svc-total'] ?? '');
    }
    const first = times[0]!;
    times.sort((a, b) => a - b);
    console.log(
      `analytics: ${label.padEnd(40)} first ${first.toFixed(1).padStart(7)} ms  median ${times[2]!.toFixed(1).padStart(7)} ms${total ? `  (total ${total})` : ''}`,
    );
  }
} finally {
  await t.close();
}
