import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, createPgSchema, type PgSchema, type TestApp } from '../../test/helpers.ts';
import { recordAudit, verifyAuditChain } from './audit.service.ts';

async function appendSome(t: TestApp, n: number, action = 'user.updated') {
  for (let i = 0; i < n; i++)
    await recordAudit(t.ctx, { action, target_kind: 'user', target_id: `u${i}`, detail: { i } });
}

async function ids(t: TestApp): Promise<number[]> {
  const rows = await t.ctx.store.db.selectFrom('audit_log').select('id').orderBy('id').execute();
  return rows.map((r) => Number(r.id));
}

describe('audit chain (SQLite)', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  test('rows chain from 64 zeros, verify answers ok with the row count', async () => {
    await appendSome(t, 5);
    const [first] = await t.ctx.store.db.selectFrom('audit_log').selectAll().orderBy('id').limit(1).execute();
    assert.equal(first?.prev_hash, '0'.repeat(64));
    assert.equal(first?.actor_kind, 'system');
    assert.deepEqual(await verifyAuditChain(t.ctx), { ok: true, rows: 5 });
  });

  test('editing any field of a middle row is found at that row', async () => {
    const middle = (await ids(t))[2]!;
    for (const [column, value] of [
      ['actor_name', 'someone else'],
      ['detail', '{"i":99}'],
      ['at', '2020-01-01T00:00:00.000Z'],
      ['decision', 'permit'],
    ] as const) {
      const before = await t.ctx.store.db
        .selectFrom('audit_log')
        .selectAll()
        .where('id', '=', middle)
        .executeTakeFirstOrThrow();
      await t.ctx.store.db
        .updateTable('audit_log')
        .set({ [column]: value })
        .where('id', '=', middle)
        .execute();
      const result = await verifyAuditChain(t.ctx);
      assert.equal(result.ok, false, column);
      assert.equal(!result.ok && result.broken_at, middle, column);
      await t.ctx.store.db
        .updateTable('audit_log')
        .set({ [column]: before[column] })
        .where('id', '=', middle)
        .execute();
    }
    assert.equal((await verifyAuditChain(t.ctx)).ok, true);
  });

  test('a changed hash is found at that row', async () => {
    const list = await ids(t);
    await t.ctx.store.db
      .updateTable('audit_log')
      .set({ hash: 'f'.repeat(64) })
      .where('id', '=', list[1]!)
      .execute();
    const result = await verifyAuditChain(t.ctx);
    assert.deepEqual(result.ok === false && result.broken_at, list[1]);
  });

  test('deleting a middle row is found at the row after it', async () => {
    const u = await buildTestApp();
    try {
      await appendSome(u, 4);
      const list = await ids(u);
      await u.ctx.store.db.deleteFrom('audit_log').where('id', '=', list[1]!).execute();
      const result = await verifyAuditChain(u.ctx);
      assert.equal(result.ok, false);
      assert.equal(!result.ok && result.broken_at, list[2]);
      assert.match(!result.ok ? result.reason : '', /previous row/);
    } finally {
      await u.close();
    }
  });

  test('arguments and detail are stored redacted', async () => {
    const row = await recordAudit(t.ctx, {
      action: 'policy.forbid',
      tool: 'send',
      arguments: { to: 'x', api_key: 'sk-live-123' },
      decision: 'forbid',
      policy_ids: ['p1'],
    });
    assert.deepEqual(row?.arguments, { to: 'x', api_key: '[redacted]' });
    assert.deepEqual(row?.policy_ids, ['p1']);
  });
});

describe('audit chain (PostgreSQL, two instances)', () => {
  let schema: PgSchema;
  let one: TestApp;
  let two: TestApp;
  before(async () => {
    schema = await createPgSchema();
    if ('skip' in schema) return;
    one = await buildTestApp({ databaseUrl: schema.url });
    two = await buildTestApp({ databaseUrl: schema.url });
  });
  after(async () => {
    if ('skip' in schema) return;
    await one.close();
    await two.close();
    await schema.drop();
  });

  test('50 concurrent appends from each instance chain without a fork', async (t) => {
    if ('skip' in schema) return t.skip(schema.skip);
    const append = (app: TestApp, i: number) =>
      recordAudit(app.ctx, { action: 'key.created', target_id: String(i) });
    const written = await Promise.all(
      Array.from({ length: 50 }, (_, i) => [append(one, i), append(two, i)]).flat(),
    );
    assert.equal(written.filter(Boolean).length, 100);
    assert.deepEqual(await verifyAuditChain(one.ctx), { ok: true, rows: 100 });
    const prevs = await one.ctx.store.db.selectFrom('audit_log').select('prev_hash').execute();
    assert.equal(new Set(prevs.map((r) => r.prev_hash)).size, 100);
  });

  test('an edited middle row is named on PostgreSQL too', async (t) => {
    if ('skip' in schema) return t.skip(schema.skip);
    const list = await ids(one);
    await one.ctx.store.db
      .updateTable('audit_log')
      .set({ target_id: 'x' })
      .where('id', '=', list[40]!)
      .execute();
    const result = await verifyAuditChain(two.ctx);
    assert.equal(!result.ok && result.broken_at, list[40]);
  });
});

describe('admin changes are audited', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  test('a user created through the API leaves a user.created row naming the actor', async () => {
    const res = await t.api('POST', '/users', {
      email: 'ann@example.test',
      display_name: 'Ann',
      password: 'correct horse battery',
    });
    assert.equal(res.statusCode, 201, res.body);
    const list = await t.api('GET', '/audit?action=user.created');
    assert.equal(list.headers['x-svc-total'], '1');
    const [row] = list.json();
    assert.equal(row.actor_kind, 'key');
    assert.equal(row.actor_name, 'test admin');
    assert.equal(row.target_id, res.json().id);
  });

  test('refusals: no key 401, a key without manage_options 403, a bad filter 400', async () => {
    assert.equal((await t.api('GET', '/audit', undefined, null)).statusCode, 401);
    assert.equal((await t.api('GET', '/audit/verify', undefined, await t.keyFor('editor'))).statusCode, 403);
    assert.equal((await t.api('GET', '/audit?decision=maybe')).statusCode, 400);
    assert.equal((await t.api('GET', '/audit/export?from=yesterday')).statusCode, 400);
  });

  test('export is JSON lines with the filters applied', async () => {
    await recordAudit(t.ctx, { action: 'policy.forbid', decision: 'forbid' });
    const res = await t.api('GET', '/audit/export?decision=forbid');
    assert.match(String(res.headers['content-type']), /^application\/x-ndjson/);
    const lines = res.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      lines.map((l) => l.action),
      ['policy.forbid'],
    );
    assert.deepEqual((await t.api('GET', '/audit/verify')).json(), { ok: true, rows: 2 });
  });
});
