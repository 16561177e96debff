import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mapMultipart, parseMultipart } from './map-multipart.ts';
import { isTextType } from './request-view.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);

function multipart(boundary: string, parts: Array<{ headers: string[]; body: Buffer | string }>): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n${p.headers.join('\r\n')}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(p.body) ? p.body : Buffer.from(p.body));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

test('maps a multipart/mixed answer to text, image and embedded resource blocks', () => {
  const body = multipart('b0undary', [
    { headers: ['Content-Type: text/plain; charset=utf-8'], body: 'Hello\r\nworld' },
    { headers: ['Content-Type: image/png'], body: PNG },
    {
      headers: ['Content-Type: application/json', 'Content-Location: test://mixed'],
      body: '{"test":"data"}',
    },
    { headers: ['Content-Type: audio/wav', 'Content-Transfer-Encoding: base64'], body: 'UklGRg==' },
    { headers: ['Content-Type: application/pdf'], body: Buffer.from([1, 2, 3]) },
  ]);
  const blocks = mapMultipart(
    body,
    'multipart/mixed; boundary="b0undary"',
    'http://up/x',
    isTextType,
    (t) => t,
  );
  assert.deepEqual(blocks, [
    { type: 'text', text: 'Hello\r\nworld' },
    { type: 'image', data: PNG.toString('base64'), mimeType: 'image/png' },
    {
      type: 'resource',
      resource: { uri: 'test://mixed', mimeType: 'application/json', text: '{"test":"data"}' },
    },
    { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
    { type: 'resource', resource: { uri: 'http://up/x', mimeType: 'application/pdf', blob: 'AQID' } },
  ]);
});

test('a body without its boundary is not multipart', () => {
  assert.equal(parseMultipart(Buffer.from('no parts here'), 'multipart/mixed; boundary=zz'), null);
  assert.equal(parseMultipart(Buffer.from('--zz\r\n'), 'multipart/mixed'), null);
  assert.equal(
    mapMultipart(Buffer.from('--zz\r\nx'), 'multipart/mixed; boundary=zz', 'u', isTextType, (t) => t),
    null,
  );
});
