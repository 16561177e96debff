/*
 * Discovery benchmark (issue 16): search quality on the labelled set (top-1 / top-3), the size of
 * tools/list for Stripe, OpenAI and Discourse in `all` mode before (whole descriptions) and after
 * (descriptions within the 1,000-character budget) and in `discovery` mode, and index/search
 * times. Tokens are the documented estimate (src/discovery/tokens.ts). Asserts nothing.
 */
import { cutDescription, DEFAULT_DESCRIPTION_BUDGET } from '../src/discovery/exposure.ts';
import { presentMetaTools } from '../src/discovery/meta-tools.ts';
import { buildSearchIndex } from '../src/discovery/search-index.ts';
import { estimateTokens } from '../src/discovery/tokens.ts';
import type { ServerRecord } from '../src/store/servers.repo.ts';
import { presentMcpTool, type ToolView } from '../src/tools/mcp-view.ts';
import { LABELLED_DOCUMENTS } from '../test/search-labels.ts';
import { corpusTools, measureSearchQuality } from '../test/search-quality.ts';

const quality = await measureSearchQuality();
const pct = (n: number) => `${((n / quality.queries) * 100).toFixed(1)}%`;
console.log(
  `search_tools on ${quality.queries} labelled requests: top-1 ${quality.top1}/${quality.queries} (${pct(quality.top1)}), top-3 ${quality.top3}/${quality.queries} (${pct(quality.top3)})`,
);
for (const m of quality.misses) console.log(`  miss [${m.document}] "${m.query}" → ${m.got.join(', ')}`);

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
