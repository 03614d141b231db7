/**
 * The side panel's time-to-briefing figures: every run kept, medians, the floor (an extension page
 * that paints one line, opened the same way, measured between the panel's runs) and Primer's own
 * time over it. Reported, never asserted: written to test/artifacts/panel/timings.json and
 * timings.md, and printed. test/bench/PANEL-RESULTS.md is the committed summary.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const BUDGETS = {
  warmMs: 50,
  /** Added to one round trip to the stand-in. */
  coldOverRoundTripMs: 100,
  twentyToSingle: 1.5,
} as const;

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** Runs per series; an open of the panel is paired with the floor run made just before it. */
export class TimingRecorder {
  readonly runs: Record<string, number[]> = {};
  /** Per series, the panel run minus the floor run just before it. */
  readonly overFloor: Record<string, number[]> = {};
  #lastFloor: number | null = null;

  floor(value: number): void {
    this.#lastFloor = value;
    (this.runs.floor ??= []).push(value);
  }

  /**
   * An open of the panel, measured from the same start as the floor: its first briefing on screen,
   * and the live panel's (`${series}Live`) when that came later (a saved copy was painted first).
   */
  open(series: string, value: number, live = value): void {
    for (const [name, time] of [[series, value], [`${series}Live`, live]] as const) {
      (this.runs[name] ??= []).push(time);
      if (this.#lastFloor !== null) (this.overFloor[name] ??= []).push(time - this.#lastFloor);
    }
    this.#lastFloor = null;
  }

  /** Leaves series out of the report (warm-ups). */
  drop(...series: string[]): void {
    for (const name of series.flatMap((name) => [name, `${name}Live`])) {
      delete this.runs[name];
      delete this.overFloor[name];
    }
  }

  /** A switch with the panel already open: no page load, so no floor applies. */
  switched(series: string, value: number): void {
    (this.runs[series] ??= []).push(value);
  }

  medians(): Record<string, number> {
    return Object.fromEntries(Object.entries(this.runs).map(([series, values]) => [series, round(median(values))]));
  }

  overFloorMedians(): Record<string, number> {
    return Object.fromEntries(Object.entries(this.overFloor).map(([series, values]) => [series, round(median(values))]));
  }
}

export interface TimingReport {
  date: string;
  /** Where each time starts: the panel's page starting to load, or the user's click. */
  measuredFrom: string;
  chromium: string;
  machine: string;
  roundTripMs: number;
  medians: Record<string, number>;
  overFloor: Record<string, number>;
  runs: Record<string, number[]>;
  budgets: typeof BUDGETS;
  verdicts: Record<string, string>;
}

export function report(recorder: TimingRecorder, roundTripMs: number, chromium: string, measuredFrom = 'the panel page starting to load (navigation start)'): TimingReport {
  const medians = recorder.medians();
  const overFloor = recorder.overFloorMedians();
  const ok = (value: number, limit: number) => (Number.isFinite(value) ? (value <= limit ? 'within' : 'over') : 'n/a');
  const coldLimit = roundTripMs + BUDGETS.coldOverRoundTripMs;
  const ratio = (a: number | undefined, b: number | undefined) => (a !== undefined && b !== undefined ? Math.round((a / b) * 100) / 100 : Number.NaN);
  const twentyToSingle = ratio(medians.twentyCold, medians.singleCold);
  const twentyToSingleOverFloor = ratio(overFloor.twentyCold, overFloor.singleCold);
  medians.twentyToSingleCold = twentyToSingle;
  overFloor.twentyToSingleCold = twentyToSingleOverFloor;
  return {
    date: new Date().toISOString(),
    measuredFrom,
    chromium,
    machine: `${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown'}), ${os.platform()} ${os.release()}`,
    roundTripMs: round(roundTripMs),
    medians,
    overFloor,
    runs: Object.fromEntries(Object.entries(recorder.runs).map(([series, values]) => [series, values.map(round)])),
    budgets: BUDGETS,
    verdicts: {
      singleWarm: `total ${ok(medians.singleWarm ?? Number.NaN, BUDGETS.warmMs)}, over floor ${ok(overFloor.singleWarm ?? Number.NaN, BUDGETS.warmMs)}`,
      singleWarmLive: `total ${ok(medians.singleWarmLive ?? Number.NaN, BUDGETS.warmMs)}, over floor ${ok(overFloor.singleWarmLive ?? Number.NaN, BUDGETS.warmMs)}`,
      twentyWarm: `total ${ok(medians.twentyWarm ?? Number.NaN, BUDGETS.warmMs)}, over floor ${ok(overFloor.twentyWarm ?? Number.NaN, BUDGETS.warmMs)}`,
      twentyWarmLive: `total ${ok(medians.twentyWarmLive ?? Number.NaN, BUDGETS.warmMs)}, over floor ${ok(overFloor.twentyWarmLive ?? Number.NaN, BUDGETS.warmMs)}`,
      singleCold: `total ${ok(medians.singleCold ?? Number.NaN, coldLimit)}, over floor ${ok(overFloor.singleCold ?? Number.NaN, coldLimit)} (limit ${round(coldLimit)} ms)`,
      twentyToSingleCold: `total ${ok(twentyToSingle, BUDGETS.twentyToSingle)}, over floor ${ok(twentyToSingleOverFloor, BUDGETS.twentyToSingle)}`,
      switchPersonWarm: `${ok(medians.switchPersonWarm ?? Number.NaN, BUDGETS.warmMs)} (no page load: no floor)`,
      switchMeetingWarm: `${ok(medians.switchMeetingWarm ?? Number.NaN, BUDGETS.warmMs)} (no page load: no floor)`,
      switchPersonCold: `${ok(medians.switchPersonCold ?? Number.NaN, coldLimit)} (no page load: no floor)`,
    },
  };
}

const LABELS: Record<string, string> = {
  floor: 'Floor: extension page painting one line',
  singleWarm: 'One person, warm (cached): first on screen (the saved copy)',
  singleWarmLive: 'One person, warm: the live panel’s briefing',
  singleCold: 'One person, cold (no cache in panel or background)',
  twentyWarm: '20-person meeting, warm: first on screen (the saved copy)',
  twentyWarmLive: '20-person meeting, warm: the live panel’s briefing',
  twentyCold: '20-person meeting, cold',
  twentyToSingleCold: '20-person ÷ one person, cold (ratio)',
  switchPersonWarm: 'Panel open, switch to another person, warm',
  switchMeetingWarm: 'Panel open, switch to the 20-person meeting, warm',
  switchPersonCold: 'Panel open, switch to another person, cold',
};

export function markdown(result: TimingReport): string {
  const rows = Object.keys(LABELS)
    .filter((series) => result.medians[series] !== undefined)
    .map((series) => {
      const runs = result.runs[series];
      const over = series === 'floor' ? '–' : (result.overFloor[series] ?? '–');
      return `| ${LABELS[series]} | ${result.medians[series]} | ${over} | ${runs ? runs.length : '–'} |`;
    });
  return [
    `Date: ${result.date}  `,
    `Measured from: ${result.measuredFrom}  `,
    `Chromium: ${result.chromium}  `,
    `Machine: ${result.machine}  `,
    `Stand-in round trip (from the service worker, median): ${result.roundTripMs} ms`,
    '',
    '| Series | Median total (ms) | Median over floor (ms) | Runs |',
    '|---|---:|---:|---:|',
    ...rows,
    '',
    ...Object.entries(result.verdicts).map(([series, verdict]) => `- ${series}: ${verdict}`),
    '',
  ].join('\n');
}

export function writeReport(dir: string, result: TimingReport, name = 'timings'): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
  fs.writeFileSync(path.join(dir, `${name}.md`), markdown(result));
}
