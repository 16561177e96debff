import assert from 'node:assert/strict';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, createPgSchema, type PgSchema, type TestApp } from '../../test/helpers.ts';
import { createServer, importTracked, readSourceFixture } from '../../test/sources-kit.ts';
import { runDueJobs } from '../analytics/scheduler.ts';

/*
 * Scheduled sync over one PostgreSQL database: two gateway instances run their scheduler pass at
 * the same moment; the source is fetched once (a conditional GET), one plan is stored, and the
 * next pass before the interval does nothing.
 */

describe('a scheduled source check on PostgreSQL with two instances', () => {
  let schema: PgSchema;
  let one: TestApp;
  let two: TestApp;
  let docs: Server;
  const served = { text: readSourceFixture('petstore-v1.yaml'), etag: '"v1"', gets: 0, conditional: 0 };
  let url = '';

  before(async () => {
    schema = await createPgSchema();
    if ('skip' in schema) return;
    docs = createHttpServer((req, res) => {
      served.gets++;
      if (req.headers['if-none-match']) served.conditional++;
      if (req.headers['if-none-match'] === served.etag) {
        res.writeHead(304, { etag: served.etag });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/yaml', etag: served.etag });
      res.end(served.text);
    });
    await new Promise<void>((r) => docs.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(docs.address() as AddressInfo).port}/openapi.yaml`;
    const config = { importAllowPrivate: true };
    one = await buildTestApp({ databaseUrl: schema.url, config });
    two = await buildTestApp({ databaseUrl: schema.url, config });
  });
  after(async () => {
    if ('skip' in schema) return;
    await one.close();
    await two.close();
    docs.close();
    await schema.drop();
  });

  test('runs once across the instances and stores one plan for the operator', async (t) => {
    if ('skip' in schema) return t.skip(schema.skip);
    const server = await createServer(one, 'Scheduled');
    const { sourceId } = await importTracked(one, server.uuid, 'import-openapi', { source: 'url', url });
    const path = `/servers/${server.uuid}/sources/${sourceId}`;
    assert.equal((await one.api('PATCH', path, { schedule_minutes: 30 })).statusCode, 200);

    served.text = readSourceFixture('petstore-v2.yaml');
    served.etag = '"v2"';
    served.gets = 0;
    served.conditional = 0;
    const now = Date.now();
    const [ranOne, ranTwo] = await Promise.all([runDueJobs(one.ctx, now), runDueJobs(two.ctx, now)]);
    const job = `source_check:${sourceId}`;
    assert.equal([ranOne.includes(job), ranTwo.includes(job)].filter(Boolean).length, 1);
    assert.equal(served.gets, 1);
    assert.equal(served.conditional, 1);

    // The other instance sees the plan the first one stored; nothing was applied.
    const source = (await two.api('GET', path)).json();
    assert.equal(source.last_check_status, 'changed');
    assert.equal(source.revision, 1);
    assert.equal(typeof source.open_plan_id, 'string');
    const plan = (await two.api('GET', `${path}/plans/${source.open_plan_id}`)).json();
    assert.equal(plan.trigger, 'scheduled');
    assert.equal(plan.summary_text, '4 to change, 1 to move, 1 to remove');

    // Before the interval: nobody checks; after it: one check, and the same document stores no second plan.
    assert.deepEqual(
      (await Promise.all([runDueJobs(one.ctx, now + 60_000), runDueJobs(two.ctx, now + 60_000)]))
        .flat()
        .filter((j) => j === job),
      [],
    );
    const later = now + 31 * 60_000;
    const ran = (await Promise.all([runDueJobs(one.ctx, later), runDueJobs(two.ctx, later)])).flat();
    assert.equal(ran.filter((j) => j === job).length, 1);
    assert.equal(served.gets, 2);
    assert.equal((await one.api('GET', path)).json().open_plan_id, source.open_plan_id);
  });
});
