import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createPrettyStream, formatLogLine } from './pretty-log.ts';

const at = new Date(2030, 0, 2, 9, 5, 7).getTime();

test('a JSON log line reads as time, level, message and the other fields', () => {
  const line = JSON.stringify({
    level: 40,
    time: at,
    pid: 1,
    hostname: 'h',
    server: 'demo',
    host: '0.0.0.0',
    msg: 'MCP server "demo" has inbound auth none',
  });
  assert.equal(
    formatLogLine(line, false),
    '09:05:07 WARN  MCP server "demo" has inbound auth none server=demo host=0.0.0.0\n',
  );
});

test('values the message already says are not repeated; objects and spaced strings are JSON', () => {
  const line = JSON.stringify({
    level: 20,
    time: at,
    method: 'GET',
    url: '/health',
    status: 200,
    ms: 3,
    remoteAddress: '127.0.0.1',
    detail: { a: 1 },
    note: 'two words',
    msg: 'GET /health 200 3 ms',
  });
  assert.equal(
    formatLogLine(line, false),
    '09:05:07 DEBUG GET /health 200 3 ms remoteAddress=127.0.0.1 detail={"a":1} note="two words"\n',
  );
});

test("an error's stack is indented below its line; colours only when asked", () => {
  const line = JSON.stringify({
    level: 50,
    time: at,
    err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at here' },
    rows: 3,
    msg: 'call-log batch write failed: 3 rows lost',
  });
  assert.equal(
    formatLogLine(line, false),
    '09:05:07 ERROR call-log batch write failed: 3 rows lost\n    Error: boom\n        at here\n',
  );
  assert.match(formatLogLine(line, true), /\x1b\[31mERROR\x1b\[0m/);
});

test('text that is not JSON passes through; the stream colours only a terminal without NO_COLOR', () => {
  assert.equal(formatLogLine('plain text', false), 'plain text\n');
  const written: string[] = [];
  const tty = { isTTY: true, write: (t: string) => written.push(t) };
  const info = JSON.stringify({ level: 30, time: at, msg: 'hello' });
  createPrettyStream(tty, {}).write(`${info}\n${info}\n`);
  createPrettyStream(tty, { NO_COLOR: '1' }).write(`${info}\n`);
  createPrettyStream({ write: (t: string) => written.push(t) }, {}).write(`${info}\n`);
  assert.equal(written.length, 4);
  assert.match(written[0]!, /\x1b\[32mINFO /);
  assert.equal(written[2], '09:05:07 INFO  hello\n');
  assert.equal(written[3], '09:05:07 INFO  hello\n');
});
