/**
 * Reading a Chromium trace (CDP Tracing, JSON) and attributing main-thread time to Primer's
 * content-script code without instrumenting it. See README.md ("What is counted") for the rules.
 */
import type { CDPSession } from 'playwright';

const CATEGORIES_WITHOUT_PROFILER = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8', 'blink.user_timing'];
export const TRACE_CATEGORIES = [...CATEGORIES_WITHOUT_PROFILER, 'disabled-by-default-v8.cpu_profiler'].join(',');
/** The same without V8's sampling profiler, which stops the thread every ≈ 0.19 ms (README: "The profiler slows what it measures"). */
export const TRACE_CATEGORIES_UNPROFILED = CATEGORIES_WITHOUT_PROFILER.join(',');

export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of an 'X' event, µs: its duration minus the time the thread was descheduled. */
  tdur?: number;
  id?: string;
  args?: Record<string, unknown> & { data?: Record<string, unknown> };
}

export async function startTrace(cdp: CDPSession, categories = TRACE_CATEGORIES): Promise<void> {
  await cdp.send('Tracing.start', { categories, transferMode: 'ReturnAsStream' });
}

export async function stopTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const complete = new Promise<{ stream?: string }>((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  const { stream } = await complete;
  if (!stream) throw new Error('Tracing produced no stream');
  const parts: string[] = [];
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream, size: 4 << 20 });
    parts.push(chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data);
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  const parsed = JSON.parse(parts.join('')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

/** The script address an event is about, if any. */
function scriptUrl(event: TraceEvent): string | undefined {
  const args = event.args ?? {};
  const data: Record<string, unknown> = args.data ?? {};
  for (const value of [data.url, args.fileName, data.fileName, data.scriptName]) {
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}

interface Interval {
  start: number;
  end: number;
}

export interface ExtensionSlice extends Interval {
  /** 'exact' = a trace event entering extension code; 'sampled' = CPU samples outside those. */
  how: 'exact' | 'sampled';
  script: string;
  name: string;
}

export interface Task extends Interval {
  /** Extension main-thread time inside this task, ms. */
  extMs: number;
  /**
   * The task's thread time ÷ its duration (1 when the trace has no thread time): below 1 when
   * other programs had the CPU while the task was running (a shared 2-core VM).
   */
  cpuRatio: number;
}

export interface Timeline {
  pid: number;
  tid: number;
  /** Top-level main-thread tasks of the page's renderer, in order (µs). */
  tasks: Task[];
  slices: ExtensionSlice[];
  /** performance.mark() names → trace timestamps (µs), in order. */
  marks: { name: string; ts: number }[];
  sampleIntervalUs: number;
  traceStart: number;
  traceEnd: number;
}

/** The renderer main thread of the page whose main frame is `frameId`. */
export function findPageThread(events: TraceEvent[], frameId: string): { pid: number; tid: number } {
  let pid: number | undefined;
  for (const event of events) {
    const data = event.args?.data as { frames?: { frame: string; processId?: number }[]; frame?: string; processId?: number } | undefined;
    if (event.name === 'TracingStartedInBrowser' && data?.frames) {
      const frame = data.frames.find((candidate) => candidate.frame === frameId && candidate.processId);
      if (frame?.processId) pid = frame.processId;
    }
    if (event.name === 'FrameCommittedInBrowser' && data?.frame === frameId && data.processId) pid = data.processId;
  }
  if (pid === undefined) throw new Error(`No renderer found for frame ${frameId}`);
  const thread = events.find((event) => event.pid === pid && event.name === 'thread_name' && (event.args as { name?: string }).name === 'CrRendererMain');
  if (!thread) throw new Error(`No CrRendererMain in process ${pid}`);
  return { pid, tid: thread.tid };
}

/** The complete events of one thread, in order (an enclosing event before the ones it holds). */
function mainThreadEvents(events: TraceEvent[], pid: number, tid: number): TraceEvent[] {
  return events.filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X' && typeof event.dur === 'number').sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
}

/** A task the thread's scheduler ran (the outermost of them are the top-level tasks). */
function isRunTask(event: TraceEvent): boolean {
  return event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask';
}

export function buildTimeline(events: TraceEvent[], frameId: string, extOrigin: string): Timeline {
  const { pid, tid } = findPageThread(events, frameId);
  const main = mainThreadEvents(events, pid, tid);

  // Top-level tasks: outermost RunTask events.
  const tasks: Task[] = [];
  for (const event of main) {
    if (!isRunTask(event)) continue;
    const last = tasks.at(-1);
    if (last && event.ts < last.end) continue;
    const cpuRatio = typeof event.tdur === 'number' && event.dur! > 0 ? Math.min(1, event.tdur / event.dur!) : 1;
    tasks.push({ start: event.ts, end: event.ts + event.dur!, extMs: 0, cpuRatio });
  }

  // Exact: outermost events that enter extension code (script evaluation, compile, callbacks).
  const slices: ExtensionSlice[] = [];
  let coveredUntil = -Infinity;
  for (const event of main) {
    const url = scriptUrl(event);
    if (!url?.startsWith(extOrigin)) continue;
    if (event.ts < coveredUntil) continue;
    const end = event.ts + event.dur!;
    slices.push({ start: event.ts, end, how: 'exact', script: url.slice(extOrigin.length), name: event.name });
    coveredUntil = end;
  }
  const exact = slices.slice();

  // Sampled: CPU samples whose stack holds an extension frame, outside the exact slices
  // (promise continuations, e.g. marking after the lookup reply, have no trace event of their own).
  interface ProfileNode { id: number; parent?: number; callFrame: { url?: string } }
  const profiles = new Map<string, { start: number; nodes: Map<number, ProfileNode>; samples: { node: number; ts: number }[]; clock: number }>();
  for (const event of events) {
    if (event.pid !== pid) continue;
    if (event.name === 'Profile' && event.tid === tid) {
      const start = (event.args?.data as { startTime: number }).startTime;
      profiles.set(String(event.id), { start, nodes: new Map(), samples: [], clock: start });
    }
  }
  for (const event of events) {
    if (event.pid !== pid || event.name !== 'ProfileChunk') continue;
    const profile = profiles.get(String(event.id));
    if (!profile) continue;
    const data = event.args?.data as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] };
    for (const node of data.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    samples.forEach((node, index) => {
      profile.clock += deltas[index] ?? 0;
      profile.samples.push({ node, ts: profile.clock });
    });
  }
  const deltas: number[] = [];
  for (const profile of profiles.values()) {
    const extNode = new Map<number, string | null>();
    const extScriptOf = (id: number): string | null => {
      if (extNode.has(id)) return extNode.get(id)!;
      const node = profile.nodes.get(id);
      let result: string | null = null;
      if (node?.callFrame.url?.startsWith(extOrigin)) result = node.callFrame.url.slice(extOrigin.length);
      else if (node?.parent !== undefined) result = extScriptOf(node.parent);
      extNode.set(id, result);
      return result;
    };
    const ordered = profile.samples.sort((a, b) => a.ts - b.ts);
    for (let i = 0; i + 1 < ordered.length; i++) {
      const delta = ordered[i + 1]!.ts - ordered[i]!.ts;
      if (delta > 0 && delta < 5000) deltas.push(delta);
      const script = extScriptOf(ordered[i]!.node);
      if (!script) continue;
      const ts = ordered[i]!.ts;
      if (exact.some((slice) => ts >= slice.start && ts < slice.end)) continue;
      // A sample stands for the time up to the next one (capped: gaps mean the thread was idle).
      slices.push({ start: ts, end: ts + Math.min(delta, 2000), how: 'sampled', script, name: 'sample' });
    }
  }
  slices.sort((a, b) => a.start - b.start);
  deltas.sort((a, b) => a - b);

  for (const task of tasks) task.extMs = extMsBetween(slices, task.start, task.end);

  const marks = events
    .filter((event) => event.pid === pid && (event.cat ?? '').includes('blink.user_timing') && event.name.startsWith('bench:') && (event.ph === 'R' || event.ph === 'I' || event.ph === 'n' || event.ph === 'b'))
    .map((event) => ({ name: event.name, ts: event.ts }))
    .sort((a, b) => a.ts - b.ts);
  const timed = events.filter((event) => event.ts > 0 && event.ph !== 'M');
  return {
    pid,
    tid,
    tasks,
    slices,
    marks,
    sampleIntervalUs: deltas.length ? deltas[Math.floor(deltas.length / 2)]! : NaN,
    traceStart: Math.min(...timed.map((event) => event.ts)),
    traceEnd: Math.max(...timed.map((event) => event.ts + (event.dur ?? 0))),
  };
}

/** Extension main-thread time (ms) overlapping [start, end) µs. */
export function extMsBetween(slices: ExtensionSlice[], start: number, end: number, how?: 'exact' | 'sampled'): number {
  let total = 0;
  for (const slice of slices) {
    if (how && slice.how !== how) continue;
    const overlap = Math.min(end, slice.end) - Math.max(start, slice.start);
    if (overlap > 0) total += overlap;
  }
  return total / 1000;
}

/**
 * Extension main-thread *CPU* time (ms) in [start, end) µs: each task's extension time scaled by
 * the share of that task the thread actually ran (thread time ÷ duration). Wall-clock slices count
 * the time the thread waited for a CPU while other programs ran; this does not.
 */
export function extCpuMsBetween(timeline: Pick<Timeline, 'tasks' | 'slices'>, start: number, end: number): number {
  let total = 0;
  for (const task of timeline.tasks) {
    if (task.end <= start || task.start >= end) continue;
    total += extMsBetween(timeline.slices, Math.max(start, task.start), Math.min(end, task.end)) * task.cpuRatio;
  }
  return total;
}

/** Time (ms) by script inside [start, end). */
export function extMsByScript(slices: ExtensionSlice[], start: number, end: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const slice of slices) {
    const overlap = Math.min(end, slice.end) - Math.max(start, slice.start);
    if (overlap > 0) out[slice.script] = (out[slice.script] ?? 0) + overlap / 1000;
  }
  return out;
}

/** Primer's whole tasks in a first scan, from a trace taken without the profiler (`wholeTaskScan`). */
export interface WholeTaskScan {
  /** Thread CPU time of the tasks Primer's code ran in, after its start-up task, to the last marking task's end (ms). */
  cpuMs: number;
  /** The same tasks' wall-clock duration (ms). */
  wallMs: number;
  tasks: number;
  /** Young- and old-generation collections inside those tasks (ms of thread time). */
  gcMs: number;
  /** The start-up task's thread CPU time (compile + evaluate, and whatever else that task ran), for reference. */
  startupCpuMs: number;
}

/**
 * The first scan measured without the profiler, as an upper bound: every top-level task Primer's
 * code ran in (a callback into its isolated world, or a function of its scripts) between the end of
 * the task that evaluated the content script and the end of the task that added the last marker,
 * whole. A whole task also holds what Primer's work set off in it: collections its allocation
 * triggered, the page's mutation observers reacting to its markers, decoding the background's
 * reply. Without samples, nothing inside a task can be told apart, so nothing is taken out.
 * `worldName`: the isolated world's name (the extension's name), as `v8.callFunction` carries it.
 */
export function wholeTaskScan(events: TraceEvent[], frameId: string, extOrigin: string, worldName: string, markName: string): WholeTaskScan | null {
  const { pid, tid } = findPageThread(events, frameId);
  const main = mainThreadEvents(events, pid, tid);
  interface WholeTask extends Interval { cpu: number; ours: boolean; evaluates: boolean; gc: number }
  const tasks: WholeTask[] = [];
  for (const event of main) {
    const last = tasks.at(-1);
    if (isRunTask(event)) {
      if (last && event.ts < last.end) continue;
      tasks.push({ start: event.ts, end: event.ts + event.dur!, cpu: event.tdur ?? event.dur!, ours: false, evaluates: false, gc: 0 });
      continue;
    }
    if (!last || event.ts >= last.end) continue;
    const url = scriptUrl(event);
    const world = (event.args as { worldName?: unknown } | undefined)?.worldName;
    if (url?.startsWith(extOrigin) || world === worldName) last.ours = true;
    if (event.name === 'EvaluateScript' && url?.startsWith(`${extOrigin}content-scripts/`)) last.evaluates = true;
    if (event.name === 'MinorGC' || event.name === 'MajorGC') last.gc += event.tdur ?? event.dur!;
  }
  const startup = tasks.findIndex((task) => task.evaluates);
  const marks = events.filter((event) => event.pid === pid && event.name === markName).map((event) => event.ts);
  if (startup < 0 || marks.length === 0) return null;
  const lastMark = Math.max(...marks);
  const scan = tasks.slice(startup + 1).filter((task) => task.ours && task.start <= lastMark);
  const sum = (pick: (task: WholeTask) => number) => scan.reduce((total, task) => total + pick(task), 0) / 1000;
  return { cpuMs: sum((task) => task.cpu), wallMs: sum((task) => task.end - task.start), tasks: scan.length, gcMs: sum((task) => task.gc), startupCpuMs: tasks[startup]!.cpu / 1000 };
}

