/*
 * Reads a `perf record -g` profile of a Node process and prints where the CPU went, in µs per
 * call: the tables of the executor README's performance section come from it. perf counts time on
 * the CPU only, kernel included (`node --cpu-prof` samples by wall clock and charges the time the
 * upstream runs after a socket write to that write).
 *
 *   taskset -c 0 node --perf-basic-prof-only-functions bin/toolgate.js serve …   # names JIT frames
 *   perf record -e cpu-clock -F 2000 -g -p PID -o tg.data -- sleep 6            # under steady load
 *   node --import tsx bench/perf-frames.ts tg.data --calls 24000 [--by file] [--match TEXT] [--top 30]
 *
 * `--calls` is how many calls the process answered while perf recorded; `--freq` the -F given to
 * perf (2000). Stop the process when the recording ends: perf names JIT frames from
 * /tmp/perf-PID.map, which the process keeps appending to, and code compiled later can reuse the
 * address of code that ran during the recording and rename its frames (seen: a profile read again
 * after more load charged 22 µs a call of socket writes to an unrelated arrow function).
 * Samples of the main thread only unless `--threads all`. `--by`:
 *   category  the leaf's kind: JIT-compiled JavaScript, V8 builtins, V8's C++, Node's C++, libc,
 *             SQLite, the kernel
 *   file      each sample charged to its nearest JavaScript frame, grouped by file (`npm:pkg`,
 *             `node:…`, `toolgate:dir/file.js`)
 *   function  the same, by function (`--match` keeps the frames that contain TEXT)
 *   leaf      samples whose nearest JavaScript frame contains TEXT, by that frame and the leaf
 *   callers   samples whose leaf symbol contains TEXT, by their nearest JavaScript frame
 *   kernel    kernel samples by system call, and whether the call was waking the socket's reader
 */
import { spawnSync } from 'node:child_process';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    calls: { type: 'string' },
    freq: { type: 'string', default: '2000' },
    by: { type: 'string', default: 'file' },
    match: { type: 'string', default: '' },
    top: { type: 'string', default: '30' },
    threads: { type: 'string', default: 'main' },
  },
});
const file = positionals[0];
if (!file || !values.calls) {
  console.error(
    'usage: perf-frames.ts PERF_DATA --calls N [--by category|file|function|leaf|callers|kernel]',
  );
  process.exit(2);
}
const calls = Number(values.calls);
const freq = Number(values.freq);
const match = values.match ?? '';

interface Frame {
  sym: string;
  dso: string;
}
interface Sample {
  main: boolean;
  frames: Frame[];
}

/** `perf script` output as samples: the first line names the thread, then one frame per line. */
function readSamples(path: string): Sample[] {
  const out = spawnSync('perf', ['script', '-i', path, '-F', 'pid,tid,ip,sym,dso'], {
    maxBuffer: 2 ** 31 - 1,
    encoding: 'utf8',
  });
  if (out.status !== 0) throw new Error(`perf script failed: ${out.stderr}`);
  const samples: Sample[] = [];
  for (const block of out.stdout.split('\n\n')) {
    const lines = block.split('\n').filter((l) => l.trim() !== '');
    const head = /^\s*(\d+)\/(\d+)/.exec(lines[0] ?? '');
    if (!head) continue;
    const frames = lines.slice(1).map((l) => {
      const m = /^\s*[0-9a-f]+\s+(.*?)\s+\(([^)]*)\)\s*$/.exec(l);
      return m ? { sym: m[1]!.replace(/\+0x[0-9a-f]+$/, ''), dso: m[2]! } : { sym: l.trim(), dso: '' };
    });
    samples.push({ main: head[1] === head[2], frames });
  }
  return samples;
}

const JS_FRAME = /^(?:JS|LazyCompile|Function):[*~^]?(\S*) (\S+?):(\d+)/;

function nearestJs(frames: Frame[]): { name: string; file: string; line: string } | null {
  for (const f of frames) {
    const m = JS_FRAME.exec(f.sym);
    if (m) return { name: m[1] || '(anonymous)', file: m[2]!, line: m[3]! };
  }
  return null;
}

function fileLabel(path: string): string {
  if (path.includes('node_modules/')) return `npm:${path.split('node_modules/').pop()!.split('/')[0]}`;
  if (path.startsWith('node:')) return path;
  if (path.includes('/dist/')) return `toolgate:${path.split('/dist/').pop()}`;
  if (path.includes('/src/')) return `toolgate:${path.split('/src/').pop()}`;
  return basename(path);
}

const isKernel = (f: Frame) => f.dso.includes('kernel');

function category(leaf: Frame | undefined): string {
  if (!leaf) return '?';
  if (isKernel(leaf)) return 'kernel';
  if (leaf.dso.includes('perf-')) return 'JIT-compiled JavaScript';
  if (leaf.sym.startsWith('Builtins_')) return 'V8 builtins';
  if (/better_sqlite3/.test(leaf.dso)) return 'SQLite';
  if (/libc|ld-linux/.test(leaf.dso)) return 'libc';
  if (/^v8::|^V8|Heap|Scaveng|Mark/.test(leaf.sym)) return "V8's C++";
  return "Node's C++ and other native code";
}

const SYSCALLS =
  /^(ksys_write|do_writev|ksys_read|__x64_sys_pwrite64|__x64_sys_pread64|do_epoll_wait|do_futex|do_fsync)$/;

/** Kernel time outside a system call's own work, by where it entered. */
const KERNEL_PATHS: Array<[RegExp, string]> = [
  [/^exit_to_user_mode_loop$/, 'switched out on the way back to user space (another task ran)'],
  [/^asm_exc_page_fault$/, 'page faults'],
  [/^asm_(sysvec|common_interrupt)/, 'interrupts'],
];

function keyOf(s: Sample): string | null {
  const leaf = s.frames[0];
  switch (values.by) {
    case 'category':
      return category(leaf);
    case 'file': {
      const js = nearestJs(s.frames);
      return js ? fileLabel(js.file) : `(no JavaScript frame) ${category(leaf)}`;
    }
    case 'function': {
      const js = nearestJs(s.frames);
      const key = js
        ? `${js.name} ${fileLabel(js.file)}:${js.line}`
        : `(no JavaScript frame) ${category(leaf)}`;
      return key.includes(match) ? key : null;
    }
    case 'leaf': {
      const js = nearestJs(s.frames);
      if (!js) return null;
      const fn = `${js.name} ${fileLabel(js.file)}:${js.line}`;
      if (!fn.includes(match)) return null;
      return `${fn} <- ${JS_FRAME.test(leaf?.sym ?? '') ? '(itself)' : leaf?.sym.slice(0, 80)}`;
    }
    case 'callers': {
      if (!leaf?.sym.includes(match)) return null;
      const js = nearestJs(s.frames);
      return js ? `${js.name} ${fileLabel(js.file)}:${js.line}` : '(no JavaScript frame)';
    }
    case 'kernel': {
      if (!leaf || !isKernel(leaf)) return null;
      const call =
        s.frames.find((f) => isKernel(f) && SYSCALLS.test(f.sym))?.sym ??
        KERNEL_PATHS.find(([re]) => s.frames.some((f) => re.test(f.sym)))?.[1] ??
        '(other kernel entry)';
      const wakes = s.frames.some((f) => f.sym === 'sock_def_readable');
      return `${call}${wakes ? ', waking the reader' : ''}`;
    }
    default:
      throw new Error(`unknown --by ${values.by}`);
  }
}

const samples = readSamples(file).filter((s) => values.threads === 'all' || s.main);
const tally = new Map<string, number>();
for (const s of samples) {
  const key = keyOf(s);
  if (key !== null) tally.set(key, (tally.get(key) ?? 0) + 1);
}
const us = (n: number) => ((n / freq) * 1e6) / calls;
console.log(`${samples.length} samples, ${us(samples.length).toFixed(1)} µs a call in all`);
for (const [key, n] of [...tally].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)))
  console.log(`${us(n).toFixed(2).padStart(8)}  ${key}`);
