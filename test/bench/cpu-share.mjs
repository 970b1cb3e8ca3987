// Benchmark (never a test): where the CPU time of a command goes, by kind of
// process. Runs the command and reads every process's CPU time from /proc
// every 2 s (Linux only), each process counted from when it was first seen
// (a process that lives less than 2 s is missed: its time shows in no row);
// at the end, CPU seconds by kind (Chromium's renderers, the extension
// hosts, the emulators, …) and the machine's user, system and idle time.
//   node test/bench/cpu-share.mjs -- node scripts/test-all.mjs integration e2e web
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const TICK = 100; // USER_HZ: /proc's clock ticks a second on Linux.
const args = process.argv.slice(process.argv.indexOf('--') + 1);
if (!args.length || process.argv.indexOf('--') < 0) throw new Error('usage: node test/bench/cpu-share.mjs -- <command> [args…]');

/** The kind of a process by its command line. */
function kindOf(cmd, comm) {
  if (/chrom|headless_shell/.test(cmd)) return `Chromium: ${/--type=([a-z-]+)/.exec(cmd)?.[1] ?? 'browser'}`;
  if (/extensionHost|type=extensionHost/.test(cmd)) return 'code-server: extension host';
  if (/bootstrap-fork/.test(cmd)) return `code-server: ${/--type=([A-Za-z-]+)/.exec(cmd)?.[1] ?? 'fork'}`;
  if (/code-server/.test(cmd)) return /out\/node\/entry/.test(cmd) ? 'code-server: server' : 'code-server: other';
  if (/emulator.*main\.js/.test(cmd)) return 'emulator (process)';
  if (/test\/harness\/run-/.test(cmd)) return 'test runner (Playwright, mocha)';
  if (/^git /.test(cmd) || comm === 'git') return 'git';
  return `other: ${comm}`;
}

function machine() {
  const [user, nice, system, idle, iowait, irq, softirq] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
  return { user: user + nice, system: system + irq + softirq, idle: idle + iowait };
}

const start = new Map();
const last = new Map();
let first = true;
function sample() {
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat;
    let cmd;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    } catch {
      continue;
    }
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const f = stat.slice(close + 2).split(' ');
    const cpu = (Number(f[11]) + Number(f[12])) / TICK;
    const key = `${pid}@${f[19]}`; // a pid with its start time: one process
    if (!start.has(key)) start.set(key, first ? cpu : 0);
    last.set(key, { kind: kindOf(cmd, comm), cpu });
  }
  first = false;
}

const before = machine();
sample();
const timer = setInterval(sample, 2000);
const t0 = Date.now();
const child = spawn(args[0], args.slice(1), { stdio: 'inherit' });
const code = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
clearInterval(timer);
sample();
const after = machine();
const byKind = new Map();
for (const [key, { kind, cpu }] of last) byKind.set(kind, (byKind.get(kind) ?? 0) + cpu - start.get(key));
const rows = [...byKind].filter(([, s]) => s >= 0.5).sort((a, b) => b[1] - a[1]);
console.log(`\n${((Date.now() - t0) / 1000).toFixed(0)} s wall; CPU seconds by kind of process (sampled every 2 s):`);
console.table(rows.map(([kind, s]) => ({ kind, 'CPU s': Number(s.toFixed(1)) })));
const d = (k) => ((after[k] - before[k]) / TICK).toFixed(0);
console.log(`machine: user ${d('user')} s, system ${d('system')} s, idle ${d('idle')} s`);
process.exitCode = code;
