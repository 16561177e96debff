/*
 * The code-mode bench's scripted transcripts: each task as the calls a competent model makes in
 * each exposure mode, and the answer it must reach. No model runs: a Transcript keeps the ledger
 * a model would pay for — the tools/list answer and the task, then every call and answer so far —
 * and counts a round trip per call plus one for the final answer. Billed tokens are the context
 * summed over the round trips (the whole context is sent again each time). One estimator for
 * every mode: the project's own (src/discovery/tokens.ts).
 */
import type { Client } from '@modelcontextprotocol/client';
import { estimateTokens } from '../../src/discovery/tokens.ts';
import { type Charge, charges, customers, files, models } from './upstream.ts';

export type Mode = 'all' | 'discovery' | 'code';
export const MODES: Mode[] = ['all', 'discovery', 'code'];

export type CallResult = Awaited<ReturnType<Client['callTool']>>;

export const textOf = (r: CallResult) =>
  (r.content as Array<{ text?: string }>).map((c) => c.text ?? '').join('\n');
/** A tool's JSON answer (a program's answer ends in a `calls: n, ms` line). */
const jsonOf = (r: CallResult) => JSON.parse(textOf(r).split('\ncalls:')[0] ?? 'null');
/** What a program returned. */
const resultOf = (r: CallResult) => (r.structuredContent as { result: unknown }).result;

/** A conversation's ledger: the surface, the task, and every call and answer. */
export class Transcript {
  private readonly contexts: number[] = [];
  private context: number;
  constructor(
    surfaceTokens: number,
    task: string,
    private readonly client: Client,
    /** Code mode: the model skips describe_tools when the search lines show every argument. */
    readonly searchOnly = false,
  ) {
    this.context = surfaceTokens + estimateTokens(task);
  }
  /** One model turn: it asks for a tool call (counted) and reads the answer (counted). */
  async call(name: string, args: Record<string, unknown>): Promise<CallResult> {
    this.contexts.push(this.context);
    const result = await this.client.callTool({ name, arguments: args });
    if (result.isError) throw new Error(`${name} failed: ${textOf(result).slice(0, 500)}`);
    this.context += estimateTokens({ name, arguments: args }) + estimateTokens(textOf(result));
    return result;
  }
  /** The model's last turn: it reads everything and answers. */
  finish(): { roundTrips: number; billed: number } {
    this.contexts.push(this.context);
    return { roundTrips: this.contexts.length, billed: this.contexts.reduce((a, b) => a + b, 0) };
  }
}

export interface Task {
  id: string;
  title: string;
  api: 'stripe' | 'openai';
  expected: unknown;
  run: Record<Mode, (t: Transcript) => Promise<unknown>>;
}

/** Discovery mode: the model searches, reads one tool's schema, then calls it. */
async function discover(t: Transcript, query: string, name: string): Promise<void> {
  await t.call('search_tools', { query });
  await t.call('describe_tools', { names: [name] });
}
/**
 * Code mode: the model searches, then reads the declarations of what its program will call —
 * unless it may skip them: every operation it needs is in the search answer with its arguments
 * written out (a signature line shows `{…}` when they are too long).
 */
async function declare(t: Transcript, query: string, names: string[]): Promise<void> {
  const found = textOf(await t.call('search_tools', { query }));
  const shown = (name: string) =>
    found.includes(`api.${name}(args: {`) && !found.includes(`api.${name}(args: {…}`);
  if (t.searchOnly && names.every(shown)) return;
  await t.call('describe_tools', { names });
}

const target = customers[6] as (typeof customers)[number];
const failedIds = (list: Charge[]) =>
  list
    .filter((c) => c.status === 'failed')
    .map((c) => c.id)
    .sort();
const sumByCurrency = (list: Charge[]) => {
  const out: Record<string, number> = {};
  for (const c of list) out[c.currency] = (out[c.currency] ?? 0) + c.amount;
  return out;
};
const CUTOFF = 1_720_000_000 + 86_400 * 50;
const oldFileIds = (list: typeof files) =>
  list
    .filter((f) => f.created_at < CUTOFF)
    .map((f) => f.id)
    .sort();

export const tasks: Task[] = [
  {
    id: 'T1',
    title: 'find the customer with a given e-mail',
    api: 'stripe',
    expected: target.id,
    run: {
      all: async (t) => jsonOf(await t.call('GetCustomers', { email: target.email })).data[0].id,
      discovery: async (t) => {
        await discover(t, 'find a customer by email', 'GetCustomers');
        const args = { name: 'GetCustomers', arguments: { email: target.email } };
        return jsonOf(await t.call('call_tool', args)).data[0].id;
      },
      code: async (t) => {
        await declare(t, 'find a customer by email', ['GetCustomers']);
        const code = `const { data } = await api.GetCustomers({ email: '${target.email}' });\nreturn data[0]?.id;`;
        return resultOf(await t.call('execute', { code }));
      },
    },
  },
  {
    id: 'T2',
    title: '20 customers: list their charges, keep the failed ones',
    api: 'stripe',
    expected: failedIds(charges),
    run: {
      all: async (t) => {
        const list = jsonOf(await t.call('GetCustomers', { limit: 20 })).data as Array<{ id: string }>;
        const all: Charge[] = [];
        for (const c of list)
          all.push(...jsonOf(await t.call('GetCharges', { customer: c.id, limit: 100 })).data);
        return failedIds(all);
      },
      discovery: async (t) => {
        await discover(t, 'list customers', 'GetCustomers');
        const listed = await t.call('call_tool', { name: 'GetCustomers', arguments: { limit: 20 } });
        const list = jsonOf(listed).data as Array<{ id: string }>;
        await discover(t, 'list charges of a customer', 'GetCharges');
        const all: Charge[] = [];
        for (const c of list) {
          const args = { name: 'GetCharges', arguments: { customer: c.id, limit: 100 } };
          all.push(...jsonOf(await t.call('call_tool', args)).data);
        }
        return failedIds(all);
      },
      code: async (t) => {
        await declare(t, 'list customers and their charges', ['GetCustomers', 'GetCharges']);
        const code = `const { data: customers } = await api.GetCustomers({ limit: 20 });
const lists = await Promise.all(customers.map((c) => api.GetCharges({ customer: c.id, limit: 100 })));
return lists.flatMap((l) => l.data).filter((c) => c.status === 'failed').map((c) => c.id).sort();`;
        return resultOf(await t.call('execute', { code }));
      },
    },
  },
  {
    id: 'T3',
    title: 'the last 100 charges summed by currency',
    api: 'stripe',
    expected: sumByCurrency(charges.slice(0, 100)),
    run: {
      all: async (t) => sumByCurrency(jsonOf(await t.call('GetCharges', { limit: 100 })).data),
      discovery: async (t) => {
        await discover(t, 'list charges', 'GetCharges');
        const args = { name: 'GetCharges', arguments: { limit: 100 } };
        return sumByCurrency(jsonOf(await t.call('call_tool', args)).data);
      },
      code: async (t) => {
        await declare(t, 'list charges', ['GetCharges']);
        const code = `const { data } = await api.GetCharges({ limit: 100 });
const sums: Record<string, number> = {};
for (const c of data) sums[c.currency] = (sums[c.currency] ?? 0) + c.amount;
return sums;`;
        return resultOf(await t.call('execute', { code }));
      },
    },
  },
  {
    id: 'T4',
    title: "refund a customer's latest charge, found by e-mail",
    api: 'stripe',
    expected: charges.find((c) => c.customer === target.id)?.id,
    run: {
      all: async (t) => {
        const cus = jsonOf(await t.call('GetCustomers', { email: target.email })).data[0];
        const ch = jsonOf(await t.call('GetCharges', { customer: cus.id, limit: 1 })).data[0];
        return jsonOf(await t.call('PostRefunds', { charge: ch.id })).charge;
      },
      discovery: async (t) => {
        await discover(t, 'find a customer by email', 'GetCustomers');
        const found = { name: 'GetCustomers', arguments: { email: target.email } };
        const cus = jsonOf(await t.call('call_tool', found)).data[0];
        await discover(t, 'list charges of a customer', 'GetCharges');
        const latest = { name: 'GetCharges', arguments: { customer: cus.id, limit: 1 } };
        const ch = jsonOf(await t.call('call_tool', latest)).data[0];
        await discover(t, 'refund a charge', 'PostRefunds');
        const refund = { name: 'PostRefunds', arguments: { charge: ch.id } };
        return jsonOf(await t.call('call_tool', refund)).charge;
      },
      code: async (t) => {
        const names = ['GetCustomers', 'GetCharges', 'PostRefunds'];
        await declare(t, 'refund the latest charge of a customer', names);
        const code = `const { data: [customer] } = await api.GetCustomers({ email: '${target.email}' });
const { data: [latest] } = await api.GetCharges({ customer: customer.id, limit: 1 });
const refund = await api.PostRefunds({ charge: latest.id });
return refund.charge;`;
        return resultOf(await t.call('execute', { code }));
      },
    },
  },
  {
    id: 'T5',
    title: 'OpenAI: how many models, and the files uploaded before a date',
    api: 'openai',
    expected: { models: models.length, files: oldFileIds(files) },
    run: {
      all: async (t) => {
        const m = jsonOf(await t.call('listModels', {})).data.length;
        return { models: m, files: oldFileIds(jsonOf(await t.call('listFiles', {})).data) };
      },
      discovery: async (t) => {
        await discover(t, 'list models', 'listModels');
        const m = jsonOf(await t.call('call_tool', { name: 'listModels', arguments: {} })).data.length;
        await discover(t, 'list files', 'listFiles');
        const f = jsonOf(await t.call('call_tool', { name: 'listFiles', arguments: {} })).data;
        return { models: m, files: oldFileIds(f) };
      },
      code: async (t) => {
        await declare(t, 'list models and files', ['listModels', 'listFiles']);
        const code = `const [m, f] = await Promise.all([api.listModels({}), api.listFiles({})]);
return { models: m.data.length, files: f.data.filter((x) => x.created_at < ${CUTOFF}).map((x) => x.id).sort() };`;
        return resultOf(await t.call('execute', { code }));
      },
    },
  },
];
