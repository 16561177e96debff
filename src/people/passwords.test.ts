import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  generatePassword,
  hashLoad,
  hashPassword,
  MAX_CONCURRENT_HASHES,
  verifyPassword,
} from './passwords.ts';

test('hashes with scrypt N=2^15 r=8 p=1, a 16-byte salt, in the documented format', async () => {
  const stored = await hashPassword('correct horse battery staple');
  const parts = stored.split('$');
  assert.deepEqual(parts.slice(0, 4), ['scrypt', '15', '8', '1']);
  assert.equal(Buffer.from(parts[4]!, 'base64url').length, 16);
  assert.equal(Buffer.from(parts[5]!, 'base64url').length, 32);
  assert.notEqual(await hashPassword('correct horse battery staple'), stored, 'a fresh salt each time');
});

test('verifies the right password only', async () => {
  const stored = await hashPassword('correct horse battery staple');
  assert.equal(await verifyPassword('correct horse battery staple', stored), true);
  assert.equal(await verifyPassword('correct horse battery stapl', stored), false);
  assert.equal(await verifyPassword('', stored), false);
});

test('a malformed, foreign or costlier-than-ours hash never matches (and is not computed)', async () => {
  const stored = await hashPassword('pw pw pw pw pw');
  const [, , r, p, salt, hash] = stored.split('$');
  for (const bad of [
    '',
    'plain',
    `bcrypt$15$${r}$${p}$${salt}$${hash}`,
    `scrypt$22$${r}$${p}$${salt}$${hash}`,
    `scrypt$15$64$${p}$${salt}$${hash}`,
    `scrypt$15$${r}$${p}$${salt}$`,
    `scrypt$15$${r}$${p}$$${hash}`,
  ])
    assert.equal(await verifyPassword('pw pw pw pw pw', bad), false, bad);
});

test('hashing runs off the event loop: a timer fires while a hash is computed', async () => {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 1);
  await Promise.all([hashPassword('a'), hashPassword('b'), hashPassword('c')]);
  clearInterval(timer);
  assert.ok(ticks > 0, 'the loop was blocked');
});

test('generates random passwords of the asked length from an unambiguous alphabet', () => {
  const a = generatePassword();
  assert.match(a, /^[A-HJ-NP-Za-km-z2-9]{20}$/);
  assert.notEqual(generatePassword(), a);
});

test('at most two hashes run at once; the rest wait their turn and all finish', async () => {
  let most = 0;
  const probe = setInterval(() => {
    most = Math.max(most, hashLoad().running);
  }, 1);
  const stored = await hashPassword('queued passphrase');
  const results = await Promise.all(
    Array.from({ length: 5 }, () => verifyPassword('queued passphrase', stored)),
  );
  clearInterval(probe);
  assert.deepEqual(results, [true, true, true, true, true]);
  assert.equal(most, MAX_CONCURRENT_HASHES);
  assert.deepEqual(hashLoad(), { running: 0, waiting: 0 });
});
