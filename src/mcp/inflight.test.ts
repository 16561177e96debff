import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Cancellation } from '../shared/cancellation.ts';
import { InflightRequests } from './inflight.ts';

describe('InflightRequests', () => {
  it('cancels only the request of that session with that id and type', () => {
    const inflight = new InflightRequests();
    const [a, b, c, d] = [new Cancellation(), new Cancellation(), new Cancellation(), new Cancellation()];
    inflight.add('s1', 1, a);
    inflight.add('s1', '1', b);
    inflight.add('s2', 1, c);
    const gone = inflight.add('s1', 2, d);
    inflight.remove(gone);
    inflight.cancel('s1', 1);
    inflight.cancel('s1', 2);
    assert.deepEqual(
      [a, b, c, d].map((x) => x.cancelled),
      [true, false, false, false],
    );
    assert.equal(inflight.size, 3);
  });
});
