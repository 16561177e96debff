import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../config.ts';
import type { ResourceRecord } from '../store/resources.repo.ts';
import { isTextMime, ResourceReadError, readResourceContents } from './read-resource.ts';
import { matchUriTemplate } from './uri-template.ts';

const ctx = { config: loadConfig({}, { dataDir: '/tmp/unused' }) };

function resource(over: Partial<ResourceRecord>): ResourceRecord {
  return {
    id: 1,
    server_id: 1,
    uri: 'docs://x',
    name: 'x',
    description: '',
    mime_type: 'text/plain',
    data_source_type: 'static',
    data_source_config: { content: '' },
    template_uri: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...over,
  };
}

describe('readResourceContents', () => {
  let upstream: Server;
  let base = '';
  const seen: string[] = [];
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);

  before(async () => {
    upstream = createServer((req, res) => {
      seen.push(req.url ?? '');
      if (req.url?.startsWith('/doc/')) {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ id: decodeURIComponent(req.url.slice(5)) }));
      } else if (req.url === '/image') {
        res.end(png);
      } else if (req.url === '/huge') {
        res.setHeader('content-length', String(11 * 1024 * 1024));
        res.end();
      } else {
        res.statusCode = 500;
        res.end('boom');
      }
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

  test('returns static content as text, and base64 content as a blob', async () => {
    assert.deepEqual(
      await readResourceContents(
        ctx,
        resource({ data_source_config: { content: 'hello {id}' } }),
        'docs://x',
      ),
      { uri: 'docs://x', mimeType: 'text/plain', text: 'hello {id}' },
    );
    const blob = await readResourceContents(
      ctx,
      resource({
        mime_type: 'image/png',
        data_source_config: { content: png.toString('base64'), encoding: 'base64' },
      }),
      'docs://x',
    );
    assert.deepEqual(blob, { uri: 'docs://x', mimeType: 'image/png', blob: png.toString('base64') });
  });

  test('substitutes template variables from the requested URI into static content', async () => {
    const r = resource({
      template_uri: 'test://template/{id}/data',
      data_source_config: { content: '{"item":"{id}","other":"{nope}"}' },
    });
    const out = await readResourceContents(ctx, r, 'test://template/a%20b/data');
    assert.deepEqual(out, {
      uri: 'test://template/a%20b/data',
      mimeType: 'text/plain',
      text: '{"item":"a b","other":"{nope}"}',
    });
  });

  test('fetches http resources at read time: text for JSON, base64 for binary, template in the URL', async () => {
    const json = resource({
      mime_type: 'application/json',
      data_source_type: 'http',
      template_uri: 'api://docs/{name}',
      data_source_config: { url: `${base}/doc/{name}` },
    });
    const out = await readResourceContents(ctx, json, 'api://docs/a%2Fb');
    assert.deepEqual(out, { uri: 'api://docs/a%2Fb', mimeType: 'application/json', text: '{"id":"a/b"}' });
    assert.equal(seen.at(-1), '/doc/a%2Fb');
    const image = resource({
      mime_type: 'image/png',
      data_source_type: 'http',
      data_source_config: { url: `${base}/image` },
    });
    assert.deepEqual(await readResourceContents(ctx, image, 'img://logo'), {
      uri: 'img://logo',
      mimeType: 'image/png',
      blob: png.toString('base64'),
    });
  });

  test('throws ResourceReadError on an upstream error, an oversized body or a refused connection', async () => {
    const cases: Array<[string, RegExp]> = [
      [`${base}/fail`, /HTTP 500/],
      [`${base}/huge`, /larger than 10 MB/],
      ['http://127.0.0.1:1/', /fetching the resource failed/],
    ];
    for (const [url, message] of cases) {
      const r = resource({ data_source_type: 'http', data_source_config: { url } });
      await assert.rejects(
        readResourceContents(ctx, r, 'docs://x'),
        (err: Error) => err instanceof ResourceReadError && message.test(err.message),
      );
    }
  });

  test('refuses a resource URL on a private address when TOOLGATE_UPSTREAM_ALLOW_PRIVATE is false', async () => {
    const guarded = { config: { ...ctx.config, upstreamAllowPrivate: false } };
    seen.length = 0;
    for (const url of [`${base}/doc/1`, `${base.replace('127.0.0.1', 'localhost')}/doc/2`]) {
      const r = resource({ data_source_type: 'http', data_source_config: { url } });
      await assert.rejects(
        readResourceContents(guarded, r, 'docs://x'),
        (err: Error) => err instanceof ResourceReadError && /loopback, private/.test(err.message),
      );
    }
    assert.deepEqual(seen, []);
  });

  test('classifies MIME types and matches level-1 templates', () => {
    assert.equal(isTextMime('text/markdown; charset=utf-8'), true);
    assert.equal(isTextMime('application/vnd.api+json'), true);
    assert.equal(isTextMime('application/octet-stream'), false);
    assert.deepEqual(matchUriTemplate('test://t/{a}/x/{b}', 'test://t/1/x/2'), { a: '1', b: '2' });
    assert.equal(matchUriTemplate('test://t/{a}/x', 'test://t/1/2/x'), undefined);
  });
});
