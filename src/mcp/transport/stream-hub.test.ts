import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createStreamHub, type SseSink } from './streams.ts';

function sink(): SseSink & { text: string; ended: boolean } {
  const s = {
    text: '',
    ended: false,
    write(t: string) {
      s.text += t;
    },
    end() {
      s.ended = true;
    },
  };
  return s;
}

const ids = (text: string) => [...text.matchAll(/^id: (.+)$/gm)].map((m) => m[1]!);
const datas = (text: string) => [...text.matchAll(/^data: (.+)$/gm)].map((m) => JSON.parse(m[1]!));

test('a request stream primes, sends notifications, then the response, and ends', () => {
  const hub = createStreamHub({ retryMs: 500 });
  const out = sink();
  const stream = hub.openRequestStream('s1', 1, out, true);
  stream.send({ method: 'notifications/progress' });
  stream.finish({ id: 1, result: {} });
  assert.match(out.text, /^id: [0-9a-f]+_1\nretry: 500\ndata: \n\n/);
  assert.deepEqual(datas(out.text), [{ method: 'notifications/progress' }, { id: 1, result: {} }]);
  assert.equal(new Set(ids(out.text)).size, 3);
  assert.equal(out.ended, true);
  hub.close();
});

test('resuming replays what came after Last-Event-ID, then follows the live stream', () => {
  const hub = createStreamHub();
  const first = sink();
  const stream = hub.openRequestStream('s1', 1, first, true);
  const priming = ids(first.text)[0]!;
  hub.detach('s1', first);
  stream.send({ n: 1 });
  const second = sink();
  assert.equal(hub.resume('s1', 1, priming, second), 'ok');
  assert.equal(hub.resume('s1', 1, priming, sink()), 'conflict');
  stream.finish({ n: 2 });
  assert.deepEqual(datas(second.text), [{ n: 1 }, { n: 2 }]);
  assert.equal(second.ended, true);
  assert.equal(hub.resume('s1', 1, 'unknown_1', sink()), 'unknown');
  assert.equal(hub.resume('s1', 2, priming, sink()), 'unknown');
  hub.close();
});

test('one GET stream per session; broadcast reaches only the server and filter given', () => {
  const hub = createStreamHub();
  const a = sink();
  const b = sink();
  const c = sink();
  assert.equal(hub.openStandalone('a', 1, a, false), 'ok');
  assert.equal(hub.openStandalone('a', 1, sink(), false), 'conflict');
  hub.openStandalone('b', 1, b, false);
  hub.openStandalone('c', 2, c, false);
  assert.deepEqual(hub.listeningSessions(1).sort(), ['a', 'b']);
  assert.equal(
    hub.broadcast(1, { m: 'x' }, (id) => id === 'b'),
    1,
  );
  assert.equal(hub.broadcast(1, { m: 'y' }), 2);
  assert.deepEqual(datas(a.text), [{ m: 'y' }]);
  assert.deepEqual(datas(b.text), [{ m: 'x' }, { m: 'y' }]);
  assert.equal(c.text, '');
  hub.detach('a', a);
  assert.equal(hub.openStandalone('a', 1, sink(), false), 'ok');
  hub.endSession('b');
  assert.equal(b.ended, true);
  hub.close();
});

test('the event log is bounded per session and in bytes overall', () => {
  const hub = createStreamHub({ maxEvents: 3, maxBytes: 1000 });
  const first = sink();
  const stream = hub.openRequestStream('s1', 1, first, true);
  const priming = ids(first.text)[0]!;
  hub.detach('s1', first);
  for (let i = 0; i < 5; i++) stream.send({ i });
  const again = sink();
  hub.resume('s1', 1, priming, again);
  // The priming id fell out of the log: only the newest 3 events remain to replay.
  assert.deepEqual(datas(again.text), [{ i: 2 }, { i: 3 }, { i: 4 }]);
  const other = hub.openRequestStream('s2', 1, sink(), false);
  other.send({ pad: 'x'.repeat(990) });
  const late = sink();
  hub.detach('s1', again);
  assert.equal(hub.resume('s1', 1, priming, late), 'ok');
  assert.deepEqual(datas(late.text), []);
  hub.close();
});
