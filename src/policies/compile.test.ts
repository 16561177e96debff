import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePolicyText } from './compile.ts';

/*
 * What a statement reads of the context decides what a request carries: a field left out that a
 * statement reads would make a forbid fail to apply, so "all" is the answer whenever in doubt.
 */

function readsOf(text: string) {
  const parsed = parsePolicyText('p', text);
  assert.ok(parsed.ok, JSON.stringify(parsed));
  const { fields, args } = parsed.statements[0]!.reads;
  return { fields: fields && [...fields].sort(), args: args && [...args].sort() };
}

test('named fields and arguments: `.` and `has`, nested arguments by their top name', () => {
  assert.deepEqual(
    readsOf(
      'forbid(principal, action, resource) when { context.arguments has amount && context.arguments.amount > 5 && context["hour"] == 3 && ip(context.client_ip).isLoopback() && context.arguments.customer.id == "c" } unless { context has era };',
    ),
    { fields: ['arguments', 'client_ip', 'era', 'hour'], args: ['amount', 'customer'] },
  );
});

test('nothing read: an empty context', () => {
  assert.deepEqual(readsOf('forbid(principal, action, resource) when { resource.method == "DELETE" };'), {
    fields: [],
    args: [],
  });
});

test('the context or the arguments used as a whole: all of it', () => {
  assert.deepEqual(readsOf('forbid(principal, action, resource) when { context == {} };'), {
    fields: null,
    args: null,
  });
  assert.deepEqual(readsOf('forbid(principal, action, resource) when { context.arguments == {"a": 1} };'), {
    fields: ['arguments'],
    args: null,
  });
});
