import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Cancellation } from './cancellation.ts';

test('handlers run once on cancel, a removed one not at all, a late one at once', () => {
  const c = new Cancellation();
  const ran: string[] = [];
  c.onCancel(() => ran.push('a'));
  const remove = c.onCancel(() => ran.push('b'));
  remove();
  c.cancel();
  c.cancel();
  c.onCancel(() => ran.push('late'));
  assert.deepEqual(ran, ['a', 'late']);
  assert.equal(c.cancelled, true);
});

test('the AbortSignal is made on demand and follows the cancellation either way round', () => {
  const before = new Cancellation();
  const signal = before.signal;
  assert.equal(signal.aborted, false);
  before.cancel();
  assert.equal(signal.aborted, true);
  const after = new Cancellation();
  after.cancel();
  assert.equal(after.signal.aborted, true);
});

test('from(signal) cancels when the AbortController aborts', () => {
  const controller = new AbortController();
  const c = Cancellation.from(controller.signal);
  let ran = 0;
  c.onCancel(() => ran++);
  controller.abort();
  assert.equal(ran, 1);
  assert.equal(Cancellation.from(AbortSignal.abort()).cancelled, true);
});
