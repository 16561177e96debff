import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classifyClient } from './classify-client.ts';
import { addDays, isValidDate, localDate, localDaysToUtc, startOfLocalDay } from './time-zone.ts';

const iso = (ms: number) => new Date(ms).toISOString();

test('local midnights map to the right UTC instants, across DST and half-hour zones', () => {
  assert.equal(iso(startOfLocalDay('2024-01-15', 'UTC')), '2024-01-15T00:00:00.000Z');
  assert.equal(iso(startOfLocalDay('2024-01-15', 'America/New_York')), '2024-01-15T05:00:00.000Z');
  assert.equal(iso(startOfLocalDay('2024-07-01', 'America/New_York')), '2024-07-01T04:00:00.000Z');
  // 2024-03-10 is the spring-forward day in New York: 23 hours long.
  const spring = localDaysToUtc('2024-03-10', '2024-03-10', 'America/New_York');
  assert.equal(iso(spring.start), '2024-03-10T05:00:00.000Z');
  assert.equal(iso(spring.end), '2024-03-11T04:00:00.000Z');
  const fall = localDaysToUtc('2024-11-03', '2024-11-03', 'America/New_York');
  assert.equal((fall.end - fall.start) / 3_600_000, 25);
  assert.equal(iso(startOfLocalDay('2024-01-01', 'Asia/Kolkata')), '2023-12-31T18:30:00.000Z');
  assert.equal(iso(startOfLocalDay('2024-01-01', 'Pacific/Auckland')), '2023-12-31T11:00:00.000Z');
});

test('kept day starts answer per zone, also after the store of them fills and empties', () => {
  // The same date in two zones must not share a kept answer.
  assert.equal(iso(startOfLocalDay('2024-03-10', 'America/New_York')), '2024-03-10T05:00:00.000Z');
  assert.equal(iso(startOfLocalDay('2024-03-10', 'Asia/Kolkata')), '2024-03-09T18:30:00.000Z');
  assert.equal(iso(startOfLocalDay('2024-03-10', 'America/New_York')), '2024-03-10T05:00:00.000Z');
  // 25,000 consecutive New York days (past the 20,000 kept): each is 23, 24 or 25 hours long and
  // the spring-forward day of 2024 still answers right.
  let start = startOfLocalDay('1990-01-01', 'America/New_York');
  for (let i = 1, date = '1990-01-02'; i < 25_000; i++, date = addDays(date, 1)) {
    const next = startOfLocalDay(date, 'America/New_York');
    assert.ok([23, 24, 25].includes((next - start) / 3_600_000), date);
    start = next;
  }
  const spring = localDaysToUtc('2024-03-10', '2024-03-10', 'America/New_York');
  assert.equal((spring.end - spring.start) / 3_600_000, 23);
});

test('localDate, addDays and isValidDate', () => {
  assert.equal(localDate(Date.parse('2024-03-09T04:59:59Z'), 'America/New_York'), '2024-03-08');
  assert.equal(localDate(Date.parse('2024-03-09T05:00:00Z'), 'America/New_York'), '2024-03-09');
  assert.equal(addDays('2024-02-28', 1), '2024-02-29');
  assert.equal(addDays('2024-03-01', -1), '2024-02-29');
  assert.equal(isValidDate('2024-02-29'), true);
  assert.equal(isValidDate('2023-02-29'), false);
  assert.equal(isValidDate('2024-2-1'), false);
  assert.equal(isValidDate('yesterday'), false);
});

test('classifies MCP clients by clientInfo name, then User-Agent', () => {
  const family = (name?: string, userAgent?: string, clientType?: string) =>
    classifyClient({ name, userAgent, clientType }).family;
  assert.equal(family('claude-ai'), 'claude');
  assert.equal(family('claude-code'), 'claude');
  assert.equal(family('cursor-vscode'), 'cursor');
  assert.equal(family('Visual Studio Code'), 'vscode');
  assert.equal(family('openai-mcp'), 'chatgpt');
  assert.equal(family('mcp-inspector'), 'mcp_inspector');
  assert.equal(family('mcp'), 'sdk_python');
  assert.equal(family(undefined, 'python-httpx/0.27.0'), 'sdk_python');
  assert.equal(family('my-app', 'node'), 'sdk_typescript');
  assert.equal(family('my-app'), 'other');
  assert.equal(family(undefined, undefined, 'admin_test'), 'admin_test');
  assert.equal(classifyClient({ name: 'cursor-vscode' }).label, 'Cursor');
});
