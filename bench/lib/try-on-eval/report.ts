// The eval's report: per pair, besides the placement score, whether the fit
// read the garment's kind right (its `kind` against the true slot) and how
// far the hem landed from where it belongs (the score's signed offsets of
// hemLeft/hemRight, or legLeft/legRight for trousers and shorts: the mean
// |dy| as a share of the body's height; a lost hem landmark counts at the
// score's cap and as a miss); then tables by source, garment, kind, length
// and pose, the pairs that fail anything, and a JSON of it all.
import { GARMENT_TYPES, POSES, type Slot } from './cases';
import { LENGTH_CLASSES, SOURCES, type EvalPair } from './pairs';
import type { CaseRun } from './run';

/** A hem within this share of the body's height of where it belongs is placed. */
export const HEM_WITHIN = 0.04;
/** A lost landmark's error (the score's cap). */
const LOST_ERROR = 0.15;

export interface PairResult {
  pair: EvalPair;
  run: CaseRun;
}

export interface HemReading {
  /** Mean |dy| of the hem landmarks (lost ones at the cap), share of body height; null when no hem landmark is scored. */
  error: number | null;
  /** Mean signed dy of the found ones (+: lower than it belongs). */
  dy: number | null;
  lost: boolean;
  within: boolean;
}

export function kindRight(r: PairResult): boolean {
  return r.run.kind === r.pair.garment.slot;
}

export function hemOf(r: PairResult): HemReading {
  const score = r.run.score;
  if (!score) return { error: null, dy: null, lost: false, within: false };
  const errors: number[] = [];
  const signed: number[] = [];
  let lost = false;
  for (const name of r.pair.hemNames) {
    if (score.landmarks[name] === 'lost') {
      lost = true;
      errors.push(LOST_ERROR);
    } else if (score.offsets[name]) {
      errors.push(Math.abs(score.offsets[name].dy));
      signed.push(score.offsets[name].dy);
    }
  }
  if (errors.length === 0) return { error: null, dy: null, lost: false, within: false };
  const error = errors.reduce((a, b) => a + b, 0) / errors.length;
  const dy = signed.length ? signed.reduce((a, b) => a + b, 0) / signed.length : null;
  return { error, dy, lost, within: !lost && error <= HEM_WITHIN };
}

/** A pair has a hem to score when the score found its hem landmarks in the truth, or when the fit refused. */
const hemScored = (r: PairResult) => !r.run.score || hemOf(r).error !== null;

const pct = (x: number) => (Number.isFinite(x) ? (100 * x).toFixed(1) : '–');
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

export const HEADER =
  '| | pairs | pass | kind right | hem error, % of height | hem within 4 % | landmark error, % of height | coverage % | paint outside % | head/hands painted | old showing % | refused |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|';

export function row(label: string, group: readonly PairResult[]): string {
  const scored = group.filter((g) => g.run.score);
  const s = scored.map((g) => g.run.score!);
  const passed = s.filter((x) => x.pass).length;
  const refused = group.length - scored.length;
  const touched = s.filter((x) => x.headTouched > 0 || x.handsTouched > 0).length;
  const kinds = group.filter(kindRight).length;
  const withHem = group.filter(hemScored);
  const hemErrors = withHem.map((g) => hemOf(g).error ?? LOST_ERROR);
  const within = withHem.filter((g) => hemOf(g).within).length;
  const share = (k: number, n: number) => `${k} (${pct(k / Math.max(1, n))} %)`;
  return `| ${label} | ${group.length} | ${share(passed, group.length)} | ${share(kinds, group.length)} | ${pct(mean(hemErrors))} | ${within}/${withHem.length} | ${pct(mean(s.map((x) => x.landmarkError)))} | ${pct(mean(s.map((x) => x.coverage)))} | ${pct(mean(s.map((x) => x.outside)))} | ${touched} | ${pct(mean(s.map((x) => x.oldShowing)))} | ${refused} |`;
}

function table(title: string, rows: [string, PairResult[]][], all: PairResult[]): string[] {
  const lines = ['', `**${title}**`, '', HEADER];
  for (const [label, group] of rows) if (group.length) lines.push(row(label, group));
  lines.push(row('**all**', all));
  return lines;
}

const KINDS: readonly Slot[] = ['upper', 'lower', 'full'];

/** The tables of one source's pairs. */
export function sourceTables(results: PairResult[]): string[] {
  const source = results[0]?.pair.source;
  const garments = source === 'rendered' ? [...GARMENT_TYPES] : [...new Set(results.map((r) => r.pair.garmentRow))].sort();
  // A garment's row holds its flat and worn photos alike; the worn ones have their own row too.
  const byGarment: [string, PairResult[]][] = garments.map((g) => [g, results.filter((r) => r.pair.garmentRow === g)]);
  if (source === 'rendered') byGarment.push(['worn by a model', results.filter((r) => r.pair.onModel)]);
  return [
    ...table('By garment', byGarment, results),
    ...table('By kind (the true one)', KINDS.map((k) => [k, results.filter((r) => r.pair.garment.slot === k)]), results),
    ...table('By length', LENGTH_CLASSES.map((l) => [l, results.filter((r) => r.pair.length === l)]), results),
    ...table('By pose', POSES.map((p) => [p, results.filter((r) => r.pair.pose === p)]), results),
  ];
}

export function bySourceTable(results: PairResult[]): string[] {
  return table('By source', SOURCES.map((s) => [s, results.filter((r) => r.pair.source === s)]), results);
}

/** One line for a pair that fails the placement score, its kind or its hem. */
export function failureLine(r: PairResult): string | null {
  const hem = hemOf(r);
  const right = kindRight(r);
  const pass = r.run.score?.pass ?? false;
  if (pass && right && (hem.within || hem.error === null)) return null;
  const hemText = hem.error === null ? 'hem –' : `hem ${pct(hem.error)} %${hem.dy !== null ? ` (dy ${hem.dy >= 0 ? '+' : ''}${pct(hem.dy)} %)` : ''}${hem.lost ? ', lost' : ''}`;
  const why = r.run.refused ? `refused: ${r.run.refused}` : pass ? 'placement passes' : r.run.score!.failures.join(', ');
  return `- ${r.pair.name}: read ${r.run.kind ?? '-'}, truth ${r.pair.garment.slot}${right ? '' : ' (kind wrong)'}; ${hemText}${hem.within ? '' : hem.error === null ? '' : ' (hem off)'}; ${why}`;
}

/** The JSON kept beside the tables. */
export function resultsJson(results: PairResult[]): unknown {
  return results.map((r) => ({
    source: r.pair.source,
    name: r.pair.name,
    half: r.pair.half,
    pose: r.pair.pose,
    garment: r.pair.garmentRow,
    onModel: r.pair.onModel,
    slot: r.pair.garment.slot,
    length: r.pair.length,
    kind: r.run.kind,
    kindRight: kindRight(r),
    hem: hemOf(r),
    refused: r.run.refused,
    score: r.run.score,
  }));
}

/** Counts of pairs by source, kind, length and pose (no scores: for runs that only render and read). */
export function countTables(pairs: readonly EvalPair[]): string[] {
  const lines: string[] = [];
  for (const source of SOURCES) {
    const group = pairs.filter((p) => p.source === source);
    if (!group.length) continue;
    const count = <T extends string>(values: readonly T[], of: (p: EvalPair) => T) => values.map((v) => `${v} ${group.filter((p) => of(p) === v).length}`).join(', ');
    lines.push(
      `${source} (${[...new Set(group.map((p) => p.half))].join(', ')}): ${group.length} pairs`,
      `  kind: ${count(KINDS, (p) => p.garment.slot)}`,
      `  length: ${count(LENGTH_CLASSES, (p) => p.length)}`,
      `  pose: ${count(POSES, (p) => p.pose)}`,
      `  garment: ${[...new Set(group.map((p) => p.garmentRow))].map((g) => `${g} ${group.filter((p) => p.garmentRow === g).length}`).join(', ')}`,
    );
  }
  return lines;
}

