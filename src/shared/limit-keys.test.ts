import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serverLimitKey, toolLimitKey } from './limit-keys.ts';

test('tool keys name the tool and are kept per record', () => {
  const tool = { uuid: 'a1' };
  assert.equal(toolLimitKey(tool), 'tool:a1');
  assert.equal(toolLimitKey(tool), toolLimitKey(tool));
  // A new record (the tool changed) gets its key from its own uuid.
  assert.equal(toolLimitKey({ uuid: 'b2' }), 'tool:b2');
});

test('server keys name the server and the client address, per address', () => {
  const server = { uuid: 's1' };
  assert.equal(serverLimitKey(server, '10.0.0.1'), 'mcp:s1:10.0.0.1');
  assert.equal(serverLimitKey(server, '10.0.0.2'), 'mcp:s1:10.0.0.2');
  assert.equal(serverLimitKey(server, '10.0.0.1'), 'mcp:s1:10.0.0.1');
  assert.equal(serverLimitKey({ uuid: 's2' }, '10.0.0.1'), 'mcp:s2:10.0.0.1');
});

test('past the address bound the keys are still right', () => {
  const server = { uuid: 's3' };
  for (let i = 0; i < 1_500; i++)
    assert.equal(serverLimitKey(server, `10.0.${i >> 8}.${i & 255}`), `mcp:s3:10.0.${i >> 8}.${i & 255}`);
  assert.equal(serverLimitKey(server, '10.0.0.0'), 'mcp:s3:10.0.0.0');
});
