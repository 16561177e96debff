/*
 * What policies cost a tools/call (issue 36): `decideToolCall` — the server's Cedar set (20
 * statements over the caller, the tool and its arguments, plus Toolgate's default permit) kept
 * preparsed, the request's entities and context built, Cedar's `statefulIsAuthorized` — for a
 * server with no policy (the default: one Map lookup) and with 20. Median and p99 in µs.
 *
 *   node --import tsx bench/policies.bench.ts [iterations]
 */
import { decideToolCall, keptPolicies } from '../src/policies/policy-gate.ts';
import { findServer } from '../src/store/servers.repo.ts';
import { listAllTools } from '../src/store/tools.repo.ts';
import { buildTestApp } from '../test/helpers.ts';

const N = Number(process.argv[2] ?? 20000);
const t = await buildTestApp({ config: { logLevel: 'silent' } });
try {
  const make = async (name: string) => {
    const res = await t.api('POST', '/servers', { name });
    const uuid = (res.json() as { uuid: string }).uuid;
    await t.api('POST', `/servers/${uuid}/tools`, {
      name: 'Create refund',
      slug: 'create_refund',
      description: 'refund',
      endpoint_url: 'http://127.0.0.1:9/refund',
      http_method: 'POST',
      input_schema: {
        type: 'object',
        properties: { charge: { type: 'string' }, amount: { type: 'integer' }, reason: { type: 'string' } },
      },
    });
    return (await findServer(t.ctx.store.db, uuid))!;
  };
  const none = await make('No policies');
  const twenty = await make('Twenty policies');
  for (let i = 0; i < 20; i++) {
    const text =
      i % 4 === 0
        ? `forbid(principal, action == Action::"call_tool", resource) when { context.arguments has amount && context.arguments.amount > ${1000 + i} };`
        : i % 4 === 1
          ? `forbid(principal, action == Action::"call_tool", resource) when { resource.method == "DELETE" && context.hour == ${i} };`
          : i % 4 === 2
            ? `@ask("caller") forbid(principal, action == Action::"call_tool", resource) when { context.arguments has reason && context.arguments.reason == "fraud-${i}" };`
            : `forbid(principal, action == Action::"call_tool", resource) when { resource.tags.contains("blocked-${i}") };`;
    const res = await t.api('POST', '/policies', { name: `p${i}`, server_id: twenty.uuid, text });
    if (res.statusCode !== 201) throw new Error(res.body);
  }
  // The same 20 statements, each scoped to a tool (`resource == Tool::"…"`): three are this tool's.
  const scoped = await make('Twenty scoped policies');
  for (let i = 0; i < 20; i++) {
    const tool = i % 7 === 0 ? 'create_refund' : `other_tool_${i}`;
    const text = `forbid(principal, action == Action::"call_tool", resource == Tool::"${tool}") when { context.arguments has amount && context.arguments.amount > ${1000 + i} };`;
    const res = await t.api('POST', '/policies', { name: `s${i}`, server_id: scoped.uuid, text });
    if (res.statusCode !== 201) throw new Error(res.body);
  }
  const facts = { caller: null, clientIp: '127.0.0.1', era: '2026-07-28' };
  const [toolNone] = await listAllTools(t.ctx.store.db, none.id);
  const [toolTwenty] = await listAllTools(t.ctx.store.db, twenty.id);
  const [toolScoped] = await listAllTools(t.ctx.store.db, scoped.id);
  const args = { charge: 'ch_1', amount: 500, reason: 'duplicate' };

  async function time(label: string, run: (i: number) => unknown): Promise<void> {
    for (let i = 0; i < 2000; i++) await run(i);
    const samples = new Float64Array(N);
    for (let i = 0; i < N; i++) {
      const s = process.hrtime.bigint();
      await run(i);
      samples[i] = Number(process.hrtime.bigint() - s) / 1000;
    }
    samples.sort();
    const at = (q: number) => samples[Math.min(N - 1, Math.floor(q * N))]!.toFixed(1);
    console.log(
      `policies: ${label.padEnd(46)} median ${at(0.5).padStart(6)} µs   p99 ${at(0.99).padStart(7)} µs`,
    );
  }
  await decideToolCall(t.ctx, none, toolNone!, args, facts);
  await time('no policy (the call path checks keptPolicies)', () => keptPolicies(t.ctx, none));
  await time('20 statements for every tool, decideToolCall', () =>
    decideToolCall(t.ctx, twenty, toolTwenty!, args, facts),
  );
  await time('20 statements scoped to tools, 3 for this one', () =>
    decideToolCall(t.ctx, scoped, toolScoped!, args, facts),
  );
  const outcome = await decideToolCall(t.ctx, twenty, toolTwenty!, { ...args, amount: 5000 }, facts);
  console.log('policies: check — amount 5000 →', outcome.kind, outcome.policyIds.join(','));
} finally {
  await t.close();
}
