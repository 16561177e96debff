import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createSlowAnswers } from './slow-answers.ts';

describe('slow answers', () => {
  test('an answer pending past the threshold is upgraded once; a settled one never', async () => {
    let clock = 0;
    const slow = createSlowAnswers(10, () => clock);
    const upgraded: string[] = [];
    const settled = slow.watch(() => upgraded.push('settled'));
    slow.watch(() => upgraded.push('slow'));
    slow.settle(settled);
    clock = 11;
    while (upgraded.length === 0) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 30));
    slow.close();
    assert.deepEqual(upgraded, ['slow']);
  });

  test('an answer younger than the threshold keeps waiting', async () => {
    let clock = 0;
    const slow = createSlowAnswers(10, () => clock);
    const upgraded: string[] = [];
    slow.watch(() => upgraded.push('young'));
    clock = 5;
    await new Promise((r) => setTimeout(r, 30));
    assert.deepEqual(upgraded, []);
    clock = 10;
    while (upgraded.length === 0) await new Promise((r) => setTimeout(r, 5));
    slow.close();
    assert.deepEqual(upgraded, ['young']);
  });
});
