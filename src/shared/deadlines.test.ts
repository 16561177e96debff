import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Deadlines, Waiting } from './deadlines.ts';

class Op extends Waiting {
  constructor(
    readonly name: string,
    private readonly log: string[],
    private readonly onExpire?: () => void,
  ) {
    super();
  }

  expire(): void {
    this.log.push(this.name);
    this.onExpire?.();
  }
}

test('waits expire once they are due, in deadline order across durations, never early', () => {
  let now = 1_000;
  const d = new Deadlines(() => now);
  const log: string[] = [];
  d.add(new Op('a 100', log), 100);
  d.add(new Op('b 50', log), 50);
  now = 1_010;
  d.add(new Op('c 100', log), 100);
  d.tick();
  assert.deepEqual(log, []);
  now = 1_050;
  d.tick();
  assert.deepEqual(log, ['b 50']);
  now = 1_109;
  d.tick();
  assert.deepEqual(log, ['b 50', 'a 100']);
  now = 1_110;
  d.tick();
  assert.deepEqual(log, ['b 50', 'a 100', 'c 100']);
  assert.equal(d.waiting, 0);
  assert.equal(d.ticking, false, 'the timer stops once nothing waits');
});

test('a removed wait never expires; removing twice or after expiry is harmless', () => {
  let now = 0;
  const d = new Deadlines(() => now);
  const log: string[] = [];
  const first = new Op('first', log);
  const middle = new Op('middle', log);
  const last = new Op('last', log);
  for (const op of [first, middle, last]) d.add(op, 10);
  assert.equal(d.ticking, true);
  d.remove(middle);
  d.remove(middle);
  assert.equal(d.waiting, 2);
  now = 10;
  d.tick();
  assert.deepEqual(log, ['first', 'last']);
  d.remove(first);
  assert.equal(d.waiting, 0);
});

test('an expiry may remove itself, add new waits and stop others', () => {
  let now = 0;
  const d = new Deadlines(() => now);
  const log: string[] = [];
  const other = new Op('other', log);
  const self: Op = new Op('self', log, () => {
    d.remove(self);
    d.remove(other);
    d.add(new Op('later', log), 10);
  });
  d.add(self, 5);
  d.add(other, 5);
  now = 5;
  d.tick();
  assert.deepEqual(log, ['self']);
  assert.equal(d.waiting, 1);
  now = 15;
  d.tick();
  assert.deepEqual(log, ['self', 'later']);
});

test('on the real clock a wait expires, not before its time, and the timer stops', async () => {
  const d = new Deadlines();
  const started = performance.now();
  const expired = await new Promise<number>((resolve) => {
    d.add(new Op('real', [], () => resolve(performance.now() - started)), 60);
  });
  assert.ok(expired >= 60, `expired after ${expired} ms`);
  assert.equal(d.ticking, false);
});

test('close drops every wait without expiring it', () => {
  const d = new Deadlines(() => 0);
  const log: string[] = [];
  d.add(new Op('x', log), 1);
  d.add(new Op('y', log), 2);
  d.close();
  assert.equal(d.waiting, 0);
  assert.equal(d.ticking, false);
  d.tick();
  assert.deepEqual(log, []);
});
