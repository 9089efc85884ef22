// Cold starts of the built packages, per runtime (Node, and Bun and Deno from the project's
// devDependencies), beside ky's and an empty process's: each sample is a fresh process
// (bench/fixtures/cold-start-probe.mjs) that imports one subject and, for a first call, sends one
// request to the loopback server. Samples are interleaved round by round, so that machine load hits
// every subject alike; the figures are medians. The wall time of the whole process is measured from
// here (start + import + call + exit); the import and the call from inside, in wall time and, where the
// runtime has process.cpuUsage, in CPU time (steadier than wall time on a busy machine).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const PROBE = path.join(import.meta.dirname, 'fixtures/cold-start-probe.mjs');
const exec = promisify(execFile);

interface Runtime {
  name: string;
  command: string;
  args: string[];
}

/** The runtimes present here: the repo's Node always, Bun and Deno when their devDependencies installed a binary. */
function runtimes(): Runtime[] {
  const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
  const found: Runtime[] = [{ name: `Node ${process.version}`, command: process.execPath, args: [] }];
  if (fs.existsSync(bin('bun'))) found.push({ name: 'Bun', command: bin('bun'), args: [] });
  // Deno as the lane runs it: no prompt, no env, network only to 127.0.0.1 (and reads, for node_modules).
  if (fs.existsSync(bin('deno'))) found.push({ name: 'Deno', command: bin('deno'), args: ['run', '--no-prompt', '--allow-read', '--allow-net=127.0.0.1'] });
  return found;
}

/** What one fresh process measures: import only, or import and one call against the loopback server. */
const SUBJECTS = [
  { label: 'empty process', specifier: 'empty', call: false },
  { label: 'import ky', specifier: 'ky', call: false },
  { label: 'import @magekit/commerce', specifier: '@magekit/commerce', call: false },
  { label: 'import @magekit/commerce/lean', specifier: '@magekit/commerce/lean', call: false },
  { label: 'import @magekit/marketplace', specifier: '@magekit/marketplace', call: false },
  { label: 'first call, ky', specifier: 'ky', call: true },
  { label: 'first call, @magekit/commerce', specifier: '@magekit/commerce', call: true },
] as const;

export interface ColdStartFigure {
  /** Spawn to exit, measured by the parent. */
  processMs: number;
  /** The import (or require), measured inside the process: wall and CPU time. */
  importMs: number;
  importCpuMs: number | undefined;
  /** The first call after the import, inside the process (0 for an import alone). */
  callMs: number;
}

export interface RuntimeColdStarts {
  runtime: string;
  /** By subject label (SUBJECTS), the median of each figure over the rounds. */
  figures: Record<string, ColdStartFigure>;
}

export interface ProbeOutput {
  importMs: number;
  importCpuMs?: number;
  callMs: number;
}

/** Runs one fresh process and returns its probe output with the parent's wall time of the whole process. */
export async function timedProcess(command: string, args: string[]): Promise<ProbeOutput & { processMs: number }> {
  const t0 = performance.now();
  const { stdout } = await exec(command, args, { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  const processMs = performance.now() - t0;
  return { ...(JSON.parse(stdout) as ProbeOutput), processMs };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Medians of each figure over samples of one subject. */
export function medianFigure(samples: (ProbeOutput & { processMs: number })[]): ColdStartFigure {
  const cpu = samples.map((s) => s.importCpuMs).filter((x): x is number => x !== undefined);
  return {
    processMs: median(samples.map((s) => s.processMs)),
    importMs: median(samples.map((s) => s.importMs)),
    importCpuMs: cpu.length === samples.length ? median(cpu) : undefined,
    callMs: median(samples.map((s) => s.callMs)),
  };
}

/** Cold starts per runtime against the loopback server at `url`; `rounds` fresh processes per subject. */
export async function benchColdStarts(url: string, rounds = 9): Promise<RuntimeColdStarts[]> {
  const out: RuntimeColdStarts[] = [];
  for (const runtime of runtimes()) {
    const samples = new Map<string, (ProbeOutput & { processMs: number })[]>(SUBJECTS.map((s) => [s.label, []]));
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 ? [...SUBJECTS].reverse() : SUBJECTS;
      for (const subject of order) {
        const args = [...runtime.args, PROBE, subject.specifier, ...(subject.call ? [url] : [])];
        samples.get(subject.label)!.push(await timedProcess(runtime.command, args));
      }
    }
    out.push({ runtime: runtime.name, figures: Object.fromEntries([...samples].map(([label, xs]) => [label, medianFigure(xs)])) });
  }
  return out;
}
