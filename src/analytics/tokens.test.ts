import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { seedCalls } from '../../test/analytics-kit.ts';
import { buildTestApp, createPgSchema, type TestApp } from '../../test/helpers.ts';
import { updateSettings } from '../settings/settings.service.ts';

/* Token metering (issue 16): the call-log token columns summed per tool and day, on both databases. */
const pg = await createPgSchema();

for (const engine of ['SQLite', 'PostgreSQL'] as const) {
  const skip = engine === 'PostgreSQL' && 'skip' in pg ? pg.skip : false;
  describe(`token analytics on ${engine}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      if (skip) return;
      t = await buildTestApp(engine === 'PostgreSQL' && !('skip' in pg) ? { databaseUrl: pg.url } : {});
      await updateSettings(t.ctx, { timezone: 'UTC' });
      await seedCalls(t.ctx, [
        { created_at: '2024-03-09T10:00:00.000Z', tool_name: 'search', args_tokens: 10, result_tokens: 500 },
        { created_at: '2024-03-09T11:00:00.000Z', tool_name: 'search', args_tokens: 12, result_tokens: 700 },
        { created_at: '2024-03-09T12:00:00.000Z', tool_name: 'get_user', args_tokens: 3, result_tokens: 40 },
        { created_at: '2024-03-10T09:00:00.000Z', tool_name: 'get_user', args_tokens: 4, result_tokens: 60 },
        // A row from before metering: counted as no tokens.
        { created_at: '2024-03-10T09:30:00.000Z', tool_name: 'legacy' },
      ]);
    });
    after(async () => {
      if (skip) return;
      await t.close();
      if (engine === 'PostgreSQL' && !('skip' in pg)) await pg.drop();
    });

    test('tokens per tool per day and the top tools by tokens', async () => {
      const res = await t.api('GET', '/analytics/tokens?from=2024-03-09&to=2024-03-10');
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json();
      assert.equal(body.args_tokens, 29);
      assert.equal(body.result_tokens, 1_300);
      const row = (name: string, calls: number, args: number, result: number) => ({
        server_uuid: null,
        server_name: 'Server',
        tool_name: name,
        calls,
        args_tokens: args,
        result_tokens: result,
        tokens: args + result,
      });
      assert.deepEqual(body.top_tools, [
        row('search', 2, 22, 1_200),
        row('get_user', 2, 7, 100),
        row('legacy', 1, 0, 0),
      ]);
      assert.deepEqual(body.days, [
        { date: '2024-03-09', tools: [row('search', 2, 22, 1_200), row('get_user', 1, 3, 40)] },
        { date: '2024-03-10', tools: [row('get_user', 1, 4, 60), row('legacy', 1, 0, 0)] },
      ]);
    });

    test('the overview shows the content tokens served over the range', async () => {
      const overview = (await t.api('GET', '/analytics/overview?from=2024-03-09&to=2024-03-10')).json();
      assert.equal(overview.tokens_served, 1_300);
    });

    test('call-log rows carry their token columns', async () => {
      const calls = (await t.api('GET', '/analytics/calls?search=search')).json();
      assert.deepEqual(
        calls.map((c: { args_tokens: number; result_tokens: number }) => [c.args_tokens, c.result_tokens]),
        [
          [12, 700],
          [10, 500],
        ],
      );
    });
  });
}
