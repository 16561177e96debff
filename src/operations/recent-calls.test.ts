import assert from 'node:assert/strict';
import { test } from 'node:test';
import { judgeRecentCalls, worseStatus } from './recent-calls.ts';

const tally = (calls: number, errors: number) => ({
  calls,
  errors,
  latest_error: errors ? 'HTTP 502' : null,
});

test('no recent calls, or no errors among them, judge nothing: ok without a warning', () => {
  assert.deepEqual(judgeRecentCalls(undefined), {
    recent_calls: { window_minutes: 60, calls: 0, errors: 0, latest_error: null, error_rate: null },
    status: 'ok',
  });
  assert.equal(judgeRecentCalls(tally(200, 0)).status, 'ok');
});

test('under 5 calls any error warns, even when all failed; from 5 calls 50 % fails and 10 % warns', () => {
  assert.equal(judgeRecentCalls(tally(1, 1)).status, 'warn');
  assert.equal(judgeRecentCalls(tally(4, 4)).status, 'warn');
  assert.equal(judgeRecentCalls(tally(5, 5)).status, 'fail');
  assert.equal(judgeRecentCalls(tally(10, 5)).status, 'fail');
  assert.equal(judgeRecentCalls(tally(10, 4)).status, 'warn');
  assert.equal(judgeRecentCalls(tally(10, 1)).status, 'warn');
  assert.equal(judgeRecentCalls(tally(11, 1)).status, 'ok');
});

test('the warning says how many of how many calls failed and the latest error', () => {
  const judged = judgeRecentCalls(tally(8, 8));
  assert.equal(judged.warning, '8 of 8 MCP calls in the last 60 minutes failed (latest: HTTP 502)');
  assert.equal(judged.recent_calls.error_rate, 1);
  assert.equal(judgeRecentCalls(tally(3, 1)).recent_calls.error_rate, 0.3333);
});

test('the status shown is the worse of the probe and the recent calls', () => {
  assert.equal(worseStatus('ok', 'warn'), 'warn');
  assert.equal(worseStatus('fail', 'warn'), 'fail');
  assert.equal(worseStatus('warn', 'ok'), 'warn');
});
