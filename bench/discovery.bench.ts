/*
 * Discovery benchmark (issues 16 and 37): search quality, top-1 / top-3 per document and overall, on
 * both labelled sets — `labelled` (Stripe, OpenAI, Discourse) and `unseen` (Box, PagerDuty, Twilio,
 * written blind to the ranker; test/search-unseen.ts) —, the size of tools/list for Stripe, OpenAI
 * and Discourse in `all` mode before (whole descriptions) and after (descriptions within the
 * 1,000-character budget) and in `discovery` mode, and index/search times. Tokens are the
 * documented estimate (src/discovery/tokens.ts). Asserts nothing.
 */
import { cutDescription, DEFAULT_DESCRIPTION_BUDGET } from '../src/discovery/exposure.ts';
import { presentMetaTools } from '../src/discovery/meta-tools.ts';
import { buildSearchIndex } from '../src/discovery/search-index.ts';
import { estimateTokens } from '../src/discovery/tokens.ts';
import type { ServerRecord } from '../src/store/servers.repo.ts';
import { presentMcpTool, type ToolView } from '../src/tools/mcp-view.ts';
import { LABELLED_DOCUMENTS } from '../test/search-labels.ts';
import { corpusTools, measureSearchQuality, SEARCH_SETS } from '../test/search-quality.ts';

const rate = (hits: number, of: number) => `${hits}/${of} (${((hits / of) * 100).toFixed(1)}%)`;
console.log('| set | document | requests | top-1 | top-3 |');
console.log('|---|---|---|---|---|');
const missed: string[] = [];
for (const set of SEARCH_SETS) {
  const quality = await measureSearchQuality(set);
  for (const [document, c] of Object.entries(quality.documents)) {
    console.log(
      `| ${set} | ${document} | ${c.queries} | ${rate(c.top1, c.queries)} | ${rate(c.top3, c.queries)} |`,
    );
  }
  console.log(
    `| ${set} | **all** | ${quality.queries} | ${rate(quality.top1, quality.queries)} | ${rate(quality.top3, quality.queries)} |`,
  );
  for (const m of quality.misses)
    missed.push(`  miss [${set}/${m.document}] "${m.query}" → ${m.got.join(', ')}`);
}
if (missed.length > 0)
  console.log(`\nrequests with no serving operation in the top 3:\n${missed.join('\n')}`);

const fmt = (n: number) => n.toLocaleString('en-US');
console.log('\n| document | mode | tools | tools/list bytes | tokens (est.) | largest tool | longest name |');
console.log('|---|---|---|---|---|---|---|');
for (const [label, file] of Object.entries(LABELLED_DOCUMENTS)) {
  const tools = await corpusTools(file);
  const full = tools.map(presentMcpTool);
  const cut = full.map((t) => ({
    ...t,
    description: cutDescription(String(t.description), DEFAULT_DESCRIPTION_BUDGET),
  }));
  const longest = Math.max(...tools.map((t) => t.slug.length));
  for (const [mode, listed] of [
    ['all (before: whole descriptions)', full],
    ['all (after: 1,000-char descriptions)', cut],
  ] as const) {
    const json = JSON.stringify({ tools: listed });
    const largest = Math.max(...listed.map((t) => estimateTokens(t)));
    console.log(
      `| ${label} | ${mode} | ${tools.length} | ${fmt(Buffer.byteLength(json))} | ${fmt(estimateTokens(json))} | ${fmt(largest)} tokens | ${longest} |`,
    );
  }
  const view = { listed: cut } as unknown as ToolView;
  const meta = JSON.stringify({ tools: presentMetaTools({ name: label } as ServerRecord, view) });
  console.log(
    `| ${label} | discovery | 3 | ${fmt(Buffer.byteLength(meta))} | ${fmt(estimateTokens(meta))} | — | 14 |`,
  );
  let started = performance.now();
  const index = buildSearchIndex(tools);
  const buildMs = performance.now() - started;
  started = performance.now();
  for (let i = 0; i < 200; i++) index.search('create a new customer with an email', { limit: 5 });
  console.log(
    `|   | index build ${buildMs.toFixed(1)} ms, search ${((performance.now() - started) / 200).toFixed(2)} ms | | | | | |`,
  );
}
