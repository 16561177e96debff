import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkLiteralHost, isPrivateAddress } from './egress.ts';

describe('egress policy', () => {
  test('classifies loopback, private, link-local, metadata and mapped addresses as private', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '[::1]',
    ])
      assert.equal(isPrivateAddress(ip), true, ip);
    for (const ip of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      assert.equal(isPrivateAddress(ip), false, ip);
  });

  test('refuses literal private hosts and lets names through to the checked lookup', () => {
    assert.match(checkLiteralHost('127.0.0.1')?.message ?? '', /egress denied/);
    assert.match(checkLiteralHost('[::1]')?.message ?? '', /egress denied/);
    assert.equal(checkLiteralHost('example.com'), null);
    assert.equal(checkLiteralHost('93.184.216.34'), null);
  });
});
