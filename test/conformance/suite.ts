import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanEnv, runQuiet, type Tools } from './tools.ts';

/*
 * The official conformance suite, one requirement set at a time (`--requirements R` runs exactly
 * the scenarios revision R requires, at its wire), in one CLI process. A scenario's verdict comes
 * from its checks.json: it fails when any check is FAILURE or when it did not run at all.
 */

export interface Verdict {
  scenario: string;
  status: 'pass' | 'fail' | 'expected-fail';
  detail: string;
}

/** Scenarios the requirement set lists as scored for servers ("Server scenarios" block). */
export async function scoredServerScenarios(tools: Tools, requirements: string): Promise<string[]> {
  const r = await runQuiet(
    tools.node22,
    [tools.conformance, 'list', '--server', '--requirements', requirements],
    tools.dir,
  );
  if (r.code !== 0) throw new Error(`conformance list failed: ${r.out}`);
  const names: string[] = [];
  let inServer = false;
  for (const line of r.out.split('\n')) {
    if (/^Server scenarios/.test(line)) inServer = true;
    else if (/^\S/.test(line)) inServer = false;
    const m = /^\s+- ([a-z0-9-]+)\s*$/.exec(line);
    if (inServer && m) names.push(m[1]!);
  }
  if (names.length === 0) throw new Error(`conformance list printed no server scenarios:\n${r.out}`);
  return names;
}

/** `checks.json` of each scenario the CLI ran: it saves them under `server-<scenario>-<timestamp>/`. */
function readChecks(root: string): Map<string, Check[]> {
  const out = new Map<string, Check[]>();
  for (const name of readdirSync(root)) {
    const m = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(name);
    const file = join(root, name, 'checks.json');
    if (!m || !existsSync(file)) continue;
    try {
      out.set(m[1]!, JSON.parse(readFileSync(file, 'utf8')) as Check[]);
    } catch {
      out.set(m[1]!, []);
    }
  }
  return out;
}

/** One CLI process runs the whole requirement set (about 2 s); a hung run is killed after 5 min. */
function runSet(tools: Tools, url: string, requirements: string, out: string) {
  return runCli(tools, ['server', '--url', url, '--requirements', requirements, '-o', out]);
}

function runCli(tools: Tools, args: string[]) {
  return new Promise<{ code: number; timedOut: boolean; output: string }>((done) => {
    const child = spawn(tools.node22, [tools.conformance, ...args], {
      cwd: tools.dir,
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (c: Buffer) => {
      output += c.toString();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, 300_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code: code ?? 1, timedOut, output });
    });
  });
}

interface Check {
  id: string;
  status: string;
  errorMessage?: string;
  description?: string;
}

/**
 * Scenarios outside the frozen requirement sets, one CLI process each: an extension's (the
 * Tasks extension is scored apart from the core revisions) or ones not yet scored, at the given
 * protocol version when there is one. Verdicts as for a requirement set, labelled `label`.
 */
export async function runScenarios(
  tools: Tools,
  url: string,
  label: string,
  scenarios: readonly string[],
  specVersion?: string,
): Promise<Verdict[]> {
  const root = mkdtempSync(join(tmpdir(), `toolgate-conformance-${label}-`));
  const verdicts: Verdict[] = [];
  for (const scenario of scenarios) {
    const version = specVersion ? ['--spec-version', specVersion] : [];
    const run = await runCli(tools, ['server', '--url', url, '--scenario', scenario, ...version, '-o', root]);
    const checks = readChecks(root).get(scenario);
    verdicts.push(judge(label, scenario, checks, run, new Set()));
  }
  rmSync(root, { recursive: true, force: true });
  return verdicts;
}

/** A scenario's verdict from its checks (a FAILURE, or no checks at all, fails it), printed. */
function judge(
  label: string,
  scenario: string,
  checks: Check[] | undefined,
  run: { code: number; output: string },
  expectedFailures: ReadonlySet<string>,
): Verdict {
  const failed = (checks ?? []).filter((c) => c.status === 'FAILURE');
  let detail = failed
    .map((c) => `${c.id}: ${(c.errorMessage ?? c.description ?? '').replace(/\s+/g, ' ').slice(0, 200)}`)
    .join(' | ');
  if (!checks) detail = `not run (CLI exit ${run.code}) ${run.output.slice(-300)}`;
  const status = detail === '' ? 'pass' : expectedFailures.has(scenario) ? 'expected-fail' : 'fail';
  const passed = (checks ?? []).filter((c) => c.status === 'SUCCESS').length;
  const tag = status === 'pass' ? 'PASS' : status === 'fail' ? 'FAIL' : 'XFAIL';
  console.log(
    `${tag}  [${label}] ${scenario} (${passed} ok, ${failed.length} failed)${detail ? ` ${detail}` : ''}`,
  );
  return { scenario: `${label} ${scenario}`, status, detail };
}

export async function runRequirements(
  tools: Tools,
  url: string,
  requirements: string,
  expectedFailures: ReadonlySet<string>,
  only?: ReadonlySet<string>,
): Promise<Verdict[]> {
  const scenarios = (await scoredServerScenarios(tools, requirements)).filter((s) => !only || only.has(s));
  const root = mkdtempSync(join(tmpdir(), `toolgate-conformance-${requirements}-`));
  const run = await runSet(tools, url, requirements, root);
  if (run.timedOut) console.log(`conformance ${requirements}: the CLI timed out`);
  const results = readChecks(root);
  const verdicts: Verdict[] = [];
  for (const scenario of scenarios) {
    const verdict = judge(requirements, scenario, results.get(scenario), run, expectedFailures);
    verdicts.push({ ...verdict, scenario });
  }
  for (const v of verdicts)
    if (v.status === 'pass' && expectedFailures.has(v.scenario))
      console.log(`note: ${v.scenario} is listed as an expected failure but passes`);
  rmSync(root, { recursive: true, force: true });
  return verdicts;
}
