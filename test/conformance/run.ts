/**
 * The project's MCP conformance run: the official conformance suite at the 2025-11-25 and
 * 2026-07-28 requirement sets, then real clients (SDK v1 and v2, MCP Inspector, mcp-remote),
 * against a real Toolgate serving the fixtures (fixture.ts) from a local upstream (upstream.ts).
 *
 *   npm run test:conformance                      everything
 *   npm run test:conformance -- 2026-07-28        one requirement set (or 2025-11-25, tasks, pending, clients)
 *   npm run test:conformance -- 2026-07-28 caching   only these scenarios
 *
 * The pinned tools are installed from the npm registry on first use (tools.ts). Exits non-zero
 * when any scored scenario or client check fails; the last line is `N passed, M failed[, K …]`.
 */
import * as clients from './clients.ts';
import { startGateway } from './serve.ts';
import { runRequirements, runScenarios, type Verdict } from './suite.ts';
import { ensureTools } from './tools.ts';

const REQUIREMENTS = ['2025-11-25', '2026-07-28'] as const;

/** The Tasks extension (SEP-2663), scored apart from the core revisions: every scenario. */
const TASKS = [
  'tasks-lifecycle',
  'tasks-capability-negotiation',
  'tasks-wire-fields',
  'tasks-request-state-removal',
  'tasks-mrtr-input',
  'tasks-request-headers',
  'tasks-dispatch-and-envelope',
  'tasks-status-notifications',
  'tasks-required-task-error',
  'tasks-mrtr-composition',
];

/** Scenarios not yet scored in a requirement set, run at the revisions they apply to. */
const PENDING: Array<[string, string[]]> = [
  ['2025-11-25', ['json-schema-2020-12']],
  ['2026-07-28', ['json-schema-2020-12', 'http-custom-header-server-validation']],
];

/**
 * Scenarios allowed to fail, each with its reason in docs/DECISIONS.md. Empty: every scored
 * scenario passes (roots have a product use: `roots` inputs of a tool's interaction settings).
 * A listed scenario that passes is reported, so the list cannot go stale unnoticed.
 */
const EXPECTED_FAILURES = new Set<string>();

async function main(): Promise<number> {
  const [only, ...scenarios] = process.argv.slice(2);
  const tools = await ensureTools();
  const gw = await startGateway();
  console.log(`conformance: Toolgate serving the fixtures at ${gw.url}`);
  const verdicts: Verdict[] = [];
  try {
    for (const requirements of REQUIREMENTS) {
      if (only && only !== requirements) continue;
      const filter = scenarios.length > 0 ? new Set(scenarios) : undefined;
      verdicts.push(...(await runRequirements(tools, gw.url, requirements, EXPECTED_FAILURES, filter)));
    }
    if (!only || only === 'tasks') verdicts.push(...(await runScenarios(tools, gw.url, 'tasks', TASKS)));
    if (!only || only === 'pending')
      for (const [version, names] of PENDING)
        verdicts.push(...(await runScenarios(tools, gw.url, `pending ${version}`, names, version)));
    if (!only || only === 'clients') {
      const checks: Array<[string, () => Promise<string>, string | undefined]> = [
        ['sdk-v1 streamable http', () => clients.sdkV1StreamableHttp(tools, gw.url), '2025-11-25'],
        ['sdk-v1 legacy sse', () => clients.sdkV1LegacySse(tools, gw.url), undefined],
        ['sdk-v2 auto negotiation', () => clients.sdkV2(tools, gw.url, 'auto'), '2026-07-28'],
        ['sdk-v2 pinned 2026-07-28', () => clients.sdkV2(tools, gw.url, { pin: '2026-07-28' }), '2026-07-28'],
        ['sdk-v2 legacy (default)', () => clients.sdkV2(tools, gw.url, 'legacy'), '2025-11-25'],
        [
          'inspector tools/call',
          () =>
            clients.inspector(
              tools,
              gw.url,
              ['--method', 'tools/call', '--tool-name', 'test_simple_text'],
              'This is a simple text response for testing.',
            ),
          undefined,
        ],
        [
          'inspector prompts/get',
          () =>
            clients.inspector(
              tools,
              gw.url,
              [
                '--method',
                'prompts/get',
                '--prompt-name',
                'test_prompt_with_arguments',
                '--prompt-args',
                'arg1=alpha',
                'arg2=beta',
              ],
              "arg1='alpha', arg2='beta'",
            ),
          undefined,
        ],
        ['mcp-remote (stdio bridge)', () => clients.mcpRemote(tools, gw.url), undefined],
      ];
      for (const [name, check, version] of checks) {
        try {
          const reached = await check();
          const ok = version === undefined || reached === version;
          console.log(`${ok ? 'PASS' : 'FAIL'}  [clients] ${name} (${reached})`);
          verdicts.push({
            scenario: name,
            status: ok ? 'pass' : 'fail',
            detail: ok ? '' : `reached ${reached}`,
          });
        } catch (err) {
          console.log(`FAIL  [clients] ${name}: ${(err as Error).message}`);
          verdicts.push({ scenario: name, status: 'fail', detail: (err as Error).message });
        }
      }
    }
  } finally {
    await gw.close();
  }
  const count = (s: Verdict['status']) => verdicts.filter((v) => v.status === s).length;
  const xfail = count('expected-fail');
  console.log(
    `${count('pass')} passed, ${count('fail')} failed${xfail ? `, ${xfail} expected failure` : ''}`,
  );
  return count('fail') === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
