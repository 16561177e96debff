import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createMcpKit, type McpKit } from '../../test/mcp-kit.ts';
import { AUTH_FAILURES_PER_MIN } from './gatekeeping.ts';

describe('failed inbound authentication is limited per client', () => {
  let k: McpKit;
  before(async () => {
    k = await createMcpKit({ auth_type: 'bearer', auth_config: { token: 'right-token-123456' } });
  });
  after(() => k.close());

  const init = (remoteAddress: string, token: string) =>
    k.t.app.inject({
      method: 'POST',
      url: k.url,
      remoteAddress,
      payload: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25' },
      }),
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: `Bearer ${token}`,
      },
    });

  test('past the limit a guessing client gets 429 even for the right token; other clients are untouched', async () => {
    for (let i = 0; i < AUTH_FAILURES_PER_MIN; i++)
      assert.equal((await init('192.0.2.70', `guess-${i}`)).statusCode, 401, `guess ${i + 1}`);
    const refused = await init('192.0.2.70', 'guess-x');
    assert.equal(refused.statusCode, 429);
    assert.ok(Number(refused.headers['retry-after']) >= 1);
    assert.equal(
      (await init('192.0.2.70', 'right-token-123456')).statusCode,
      429,
      'no oracle for a right guess',
    );
    assert.equal((await init('192.0.2.71', 'right-token-123456')).statusCode, 200);
    // Successful authentications never count.
    for (let i = 0; i < AUTH_FAILURES_PER_MIN + 5; i++)
      assert.equal((await init('192.0.2.72', 'right-token-123456')).statusCode, 200);
  });
});
