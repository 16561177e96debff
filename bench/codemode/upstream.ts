/*
 * The code-mode bench's upstream: Stripe- and OpenAI-shaped JSON from a local HTTP server, with
 * the data the tasks' expected answers are computed from. 20 customers with 5–30 charges each
 * (one in nine failed), lists as `{object:'list', data, has_more}`, refunds by POST.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenLocal } from '../../test/mcp-kit.ts';

const CURRENCIES = ['usd', 'eur', 'gbp'];

export const customers = Array.from({ length: 20 }, (_, i) => ({
  id: `cus_${String(i + 1).padStart(4, '0')}`,
  object: 'customer',
  email: `customer${i + 1}@example.com`,
  name: `Customer ${i + 1}`,
  created: 1_700_000_000 + i * 86_400,
  currency: CURRENCIES[i % 3] as string,
  livemode: false,
  metadata: {},
}));

export type Charge = {
  id: string;
  customer: string;
  amount: number;
  currency: string;
  status: string;
  created: number;
};

let chargeSeq = 0;
/** Newest first, as Stripe lists them. */
export const charges = customers
  .flatMap((c, i) =>
    Array.from({ length: 5 + ((i * 7) % 26) }, (_, j) => {
      chargeSeq++;
      return {
        id: `ch_${String(chargeSeq).padStart(5, '0')}`,
        object: 'charge',
        amount: 500 + ((chargeSeq * 137) % 9_500),
        currency: CURRENCIES[(i + j) % 3] as string,
        customer: c.id,
        created: 1_710_000_000 + chargeSeq * 3_600,
        status: chargeSeq % 9 === 0 ? 'failed' : 'succeeded',
        paid: chargeSeq % 9 !== 0,
        refunded: false,
        description: `Order ${chargeSeq}`,
        failure_code: chargeSeq % 9 === 0 ? 'card_declined' : null,
        receipt_email: c.email,
        metadata: {},
      };
    }),
  )
  .sort((a, b) => b.created - a.created);

export const files = Array.from({ length: 12 }, (_, i) => ({
  id: `file-${i + 1}`,
  object: 'file',
  bytes: 10_000 + i * 1_000,
  created_at: 1_720_000_000 + i * 86_400 * 10,
  filename: `data-${i + 1}.jsonl`,
  purpose: i % 3 === 0 ? 'batch' : 'fine-tune',
}));

export const models = ['gpt-4o', 'gpt-4o-mini', 'o3', 'text-embedding-3-small', 'whisper-1'].map((id, i) => ({
  id,
  object: 'model',
  created: 1_690_000_000 + i,
  owned_by: 'openai',
}));

export const counts = { requests: 0 };

function answer(req: IncomingMessage, res: ServerResponse, body: string): void {
  counts.requests++;
  const url = new URL(req.url ?? '/', 'http://upstream');
  const list = (data: unknown[]) => ({ object: 'list', data, has_more: false, url: url.pathname });
  const limit = Number(url.searchParams.get('limit') ?? 10);
  let value: unknown;
  if (url.pathname === '/v1/customers') {
    const email = url.searchParams.get('email');
    value = list(customers.filter((c) => !email || c.email === email).slice(0, limit));
  } else if (url.pathname === '/v1/charges') {
    const customer = url.searchParams.get('customer');
    value = list(charges.filter((c) => !customer || c.customer === customer).slice(0, limit));
  } else if (url.pathname === '/v1/refunds' && req.method === 'POST') {
    const form = new URLSearchParams(body);
    const charge = charges.find((c) => c.id === form.get('charge'));
    value = {
      id: 're_0001',
      object: 'refund',
      amount: Number(form.get('amount') ?? charge?.amount ?? 0),
      charge: form.get('charge'),
      currency: charge?.currency ?? 'usd',
      status: 'succeeded',
    };
  } else if (url.pathname === '/v1/files') value = { object: 'list', data: files, has_more: false };
  else if (url.pathname === '/v1/models') value = { object: 'list', data: models };
  else value = { error: { message: `no route ${url.pathname}` } };
  res.writeHead(url.pathname.startsWith('/v1/') ? 200 : 404, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

/** Starts the upstream on a free local port. */
export function startUpstream() {
  return listenLocal((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => answer(req, res, body));
  });
}
