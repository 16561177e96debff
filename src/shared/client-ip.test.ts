import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../config.ts';
import { clientIp, healthClientIp, parseTrustProxy } from './client-ip.ts';

function request(peer: string, headers: Record<string, string> = {}): IncomingMessage {
  return { socket: { remoteAddress: peer }, headers, connection: { remoteAddress: peer } } as never;
}

const forwarded = { 'x-forwarded-for': '203.0.113.7, 10.0.0.2' };

test('TRUST_PROXY off (the default): the connection address, whatever the forwarding headers say', () => {
  assert.equal(loadConfig({}).trustProxy, '');
  for (const off of ['', 'false', 'off', '0']) {
    assert.equal(clientIp(request('10.0.0.1', forwarded), off), '10.0.0.1');
    assert.equal(clientIp(request('10.0.0.1', { 'cf-connecting-ip': '1.1.1.1' }), off), '10.0.0.1');
    assert.equal(clientIp(request('10.0.0.1', { 'x-real-ip': '1.1.1.1' }), off), '10.0.0.1');
  }
});

test('a list of proxies (addresses, CIDRs, names): X-Forwarded-For walked from the right to the first untrusted hop', () => {
  const list = '10.0.0.0/8';
  assert.equal(clientIp(request('10.0.0.1', forwarded), list), '203.0.113.7');
  // A client prepending its own X-Forwarded-For value does not change the answer.
  const spoofed = { 'x-forwarded-for': '1.2.3.4, 203.0.113.7, 10.0.0.2' };
  assert.equal(clientIp(request('10.0.0.1', spoofed), list), '203.0.113.7');
  // A peer that is not a listed proxy is the client; its headers are ignored.
  assert.equal(clientIp(request('192.0.2.9', forwarded), list), '192.0.2.9');
  assert.equal(clientIp(request('127.0.0.1', forwarded), 'loopback'), '10.0.0.2');
  assert.equal(clientIp(request('127.0.0.1', forwarded), '127.0.0.1, 10.0.0.2'), '203.0.113.7');
});

test('a hop count trusts that many proxies nearest to the gateway', () => {
  assert.equal(clientIp(request('10.0.0.1', forwarded), '1'), '10.0.0.2');
  assert.equal(clientIp(request('10.0.0.1', forwarded), '2'), '203.0.113.7');
});

test('from a trusted proxy the spec order holds: CF-Connecting-IP, X-Forwarded-For, X-Real-IP, connection', () => {
  const all = { 'cf-connecting-ip': '1.1.1.1', 'x-forwarded-for': '2.2.2.2', 'x-real-ip': '3.3.3.3' };
  assert.equal(clientIp(request('127.0.0.1', all), 'loopback'), '1.1.1.1');
  assert.equal(
    clientIp(request('127.0.0.1', { 'x-forwarded-for': '2.2.2.2', 'x-real-ip': '3.3.3.3' }), 'loopback'),
    '2.2.2.2',
  );
  assert.equal(clientIp(request('127.0.0.1', { 'x-real-ip': '3.3.3.3' }), 'loopback'), '3.3.3.3');
  assert.equal(clientIp(request('127.0.0.1'), 'loopback'), '127.0.0.1');
  // `true` trusts every hop: the first X-Forwarded-For address.
  assert.equal(clientIp(request('10.0.0.1', forwarded), 'true'), '203.0.113.7');
});

test('a malformed TRUST_PROXY is a configuration error naming the variable', () => {
  assert.throws(() => parseTrustProxy('10.0.0.0/99'));
  assert.throws(
    () => loadConfig({ TRUST_PROXY: 'not-an-address' }),
    (err: Error) => err instanceof ConfigError && /trustProxy/.test(err.message),
  );
  assert.equal(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy, '10.0.0.0/8, loopback');
});

test('the health limit address follows the spec order whatever TRUST_PROXY says, skipping values that are not addresses', () => {
  const all = {
    'cf-connecting-ip': '1.1.1.1',
    'x-forwarded-for': '2.2.2.2, 9.9.9.9',
    'x-real-ip': '3.3.3.3',
  };
  assert.equal(healthClientIp(request('10.0.0.1', all)), '1.1.1.1');
  assert.equal(
    healthClientIp(request('10.0.0.1', { 'x-forwarded-for': ' 2.2.2.2 , 9.9.9.9', 'x-real-ip': '3.3.3.3' })),
    '2.2.2.2',
  );
  assert.equal(healthClientIp(request('10.0.0.1', { 'x-real-ip': '[2001:DB8::1]' })), '2001:db8::1');
  assert.equal(healthClientIp(request('10.0.0.1')), '10.0.0.1');
  // Not an address (a port, a name, junk, an empty first hop): the next source answers.
  assert.equal(
    healthClientIp(request('10.0.0.1', { 'cf-connecting-ip': '1.1.1.1:443', 'x-real-ip': '3.3.3.3' })),
    '3.3.3.3',
  );
  assert.equal(healthClientIp(request('10.0.0.1', { 'x-forwarded-for': ', 2.2.2.2' })), '10.0.0.1');
  assert.equal(healthClientIp(request('10.0.0.1', { 'x-forwarded-for': 'a'.repeat(10_000) })), '10.0.0.1');
});
