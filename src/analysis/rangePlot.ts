/** One run in the range plot: its pessimistic, tie-average, trec_eval-order and optimistic means. */
export interface RangePoint {
  readonly run: string;
  readonly pessimistic: number;
  readonly average: number;
  readonly trec: number;
  readonly optimistic: number;
  /** the standard deviation of the mean over tie orderings (tie mode `sd`), where the measure has one: drawn as average ± 2 sd */
  readonly sd?: number;
}

/** Pixels per character of the plot's 12px sans-serif text, an upper estimate (for the layout). */
export const CHAR_WIDTH = 7.2;

const PLOT_WIDTH = 510;
const HEIGHT = 360;
const LEFT = 100;
const TOP = 56;
const BOTTOM = 50;
/** A run's name in the right margin: this far apart, at least. */
const LINE = 16;
/** The band's colour (average ± 2 sd): a light orange, beneath the segment. */
const BAND = '#fcd9a8';

/** The row of the runs whose range is 0, this far above the x axis; the log axis ends FLOOR_GAP above it. */
const FLOOR_ROW = 14;
const FLOOR_GAP = 26;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/**
 * Text as SVG (XML 1.0) holds it: markup characters as entities; control characters, which XML
 * 1.0 allows in no form, as their Unicode control pictures (U+0001 as U+2401).
 */
const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ENTITIES[c]!).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, (c) => (c.charCodeAt(0) < 32 ? String.fromCharCode(0x2400 + c.charCodeAt(0)) : '\ufffd'));
const fmt = (x: number): string => (Math.round(x * 100) / 100).toString();

/**
 * Round ticks covering [lo, hi]: a step of 1, 2 or 5 times a power of 10 (at most (hi - lo) /
 * count), from the last multiple at or below lo to the first at or above hi, and the decimals
 * their labels need.
 * @example niceTicks(0.394, 0.483).ticks // [0.38, 0.4, 0.42, 0.44, 0.46, 0.48, 0.5]
 */
export function niceTicks(lo: number, hi: number, count = 5): { readonly ticks: number[]; readonly decimals: number } {
  const raw = (hi - lo) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  const ticks: number[] = [];
  // from the last round value at or below lo to the first at or above hi
  const last = Math.ceil(hi / step - 1e-9);
  for (let i = Math.floor(lo / step + 1e-9); i <= last; i++) ticks.push(Number((i * step).toFixed(decimals)));
  return { ticks, decimals };
}

/** A power of ten as a tick label: 0.0001, 0.1, 1, 10; 1e-5 and below as such. */
const decade = (e: number): string => (e >= -4 && e <= 6 ? String(Number((10 ** e).toFixed(Math.max(0, -e)))) : `1e${e}`);

/**
 * The plot's scales, chosen from the data: value to x pixel over round ticks spanning the means;
 * range to y pixel on a log scale over the decades the positive ranges span (at least one);
 * a range of 0 (no tie moves the mean) to a row of its own below the axis (`floor`, or undefined
 * when no run has it).
 */
export interface PlotScales {
  readonly x: (value: number) => number;
  readonly y: (range: number) => number;
  readonly xDomain: readonly [number, number];
  /** the log10 of the range axis' ends, or undefined when every range is 0 */
  readonly yDomain: readonly [number, number] | undefined;
  readonly xTicks: readonly number[];
  readonly xDecimals: number;
  readonly floor: number | undefined;
}

export function plotScales(points: readonly RangePoint[], height = HEIGHT): PlotScales {
  let lo = Math.min(...points.map((p) => p.pessimistic));
  let hi = Math.max(...points.map((p) => p.optimistic));
  if (!(hi > lo)) {
    lo -= 0.01;
    hi += 0.01;
  }
  const { ticks, decimals } = niceTicks(lo, hi);
  const xDomain: [number, number] = [Math.min(lo, ticks[0]!), Math.max(hi, ticks[ticks.length - 1]!)];
  const ranges = points.map((p) => p.optimistic - p.pessimistic);
  const positive = ranges.filter((r) => r > 0);
  const y0 = height - BOTTOM;
  const floor = positive.length < ranges.length ? y0 - FLOOR_ROW : undefined;
  const bottom = floor === undefined ? y0 - FLOOR_ROW : floor - FLOOR_GAP;
  const least = Math.floor(Math.log10(Math.min(...positive)));
  const yDomain = positive.length === 0 ? undefined : ([least, Math.max(Math.ceil(Math.log10(Math.max(...positive))), least + 1)] as const);
  return {
    xDomain,
    yDomain,
    xTicks: ticks,
    xDecimals: decimals,
    floor,
    x: (v) => LEFT + ((v - xDomain[0]) / (xDomain[1] - xDomain[0])) * PLOT_WIDTH,
    y: (r) => (!(r > 0) || yDomain === undefined ? floor! : bottom - ((Math.log10(r) - yDomain[0]) / (yDomain[1] - yDomain[0])) * (bottom - TOP)),
  };
}

/**
 * The range plot as a self-contained SVG: per run a horizontal segment from its pessimistic to
 * its optimistic mean at the height of its mean range (optimistic - pessimistic; log scale over
 * the decades the data span, runs of range 0 on a row of their own), a circle at the
 * trec_eval-order mean and a triangle at the tie average, with a title, a key, round ticks and
 * run names. Each segment carries its values as data- attributes.
 */
export function rangePlotSvg(points: readonly RangePoint[], measure: string): string {
  return rangePlotsSvg([{ measure, points }]);
}

/** A run's name beside its segment; a panel of one run adds its range, which a log axis with one point hardly tells. */
const runLabel = (p: RangePoint, runs: number): string => (runs === 1 ? `${p.run} (range ${(p.optimistic - p.pessimistic).toFixed(4)})` : p.run);

/** A panel's height: room for its runs' names, a line apart, beside the plot. */
const panelHeight = (points: readonly RangePoint[]): number => Math.max(HEIGHT, TOP + BOTTOM + LINE * (points.length + 1));

/**
 * Several range plots (see rangePlotSvg) in one SVG, one panel per measure, top to bottom. The
 * run names stand in the right margin (wide enough for the longest), a line apart, each joined
 * to its segment by a grey leader: no text covers another or a mark.
 */
export function rangePlotsSvg(panels: readonly { readonly measure: string; readonly points: readonly RangePoint[] }[]): string {
  const longest = Math.max(0, ...panels.flatMap((p) => p.points.map((r) => runLabel(r, p.points.length).length)));
  const right = Math.max(170, Math.ceil(longest * CHAR_WIDTH) + 30);
  const width = LEFT + PLOT_WIDTH + right;
  const heights = panels.map((p) => panelHeight(p.points));
  const height = heights.reduce((a, b) => a + b, 0);
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`);
  out.push(`<title>${escape(`${panels.map((p) => p.measure).join(', ')}: score ranges under ties`)}</title>`);
  out.push(`<rect width="${width}" height="${height}" fill="white"/>`);
  let at = 0;
  panels.forEach(({ measure, points }, i) => {
    out.push(`<g class="panel" data-measure="${escape(measure)}" transform="translate(0 ${at})">`);
    out.push(...panel(points, measure, heights[i]!));
    out.push('</g>');
    at += heights[i]!;
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

/** One measure's plot, in a band `height` high from y = 0. */
function panel(points: readonly RangePoint[], measure: string, height: number): string[] {
  const s = plotScales(points, height);
  const out: string[] = [];
  const x0 = LEFT;
  const x1 = LEFT + PLOT_WIDTH;
  const y0 = height - BOTTOM;
  const y1 = TOP;
  out.push(`<text class="title" x="${x0}" y="20" font-size="15" font-weight="bold">${escape(`${measure}: score ranges under ties`)}</text>`);
  // the key names each mark by its colour
  const band = points.some((p) => p.sd !== undefined) ? `; <tspan fill="${BAND}">▬</tspan> band: average ± 2 sd` : '';
  out.push(`<text class="key" x="${x0}" y="40"><tspan fill="steelblue">━</tspan> pessimistic to optimistic mean; <tspan fill="darkorange">▲</tspan> tie average${band}; ○ trec_eval's order</text>`);
  out.push(`<g class="axes" stroke="black"><line x1="${x0}" y1="${y0}" x2="${x1}" y2="${y0}"/><line x1="${x0}" y1="${y0}" x2="${x0}" y2="${y1}"/></g>`);
  for (const v of s.xTicks) {
    const x = s.x(v);
    out.push(`<line x1="${fmt(x)}" y1="${y0}" x2="${fmt(x)}" y2="${y0 + 5}" stroke="black"/><text class="tick" x="${fmt(x)}" y="${y0 + 18}" text-anchor="middle">${v.toFixed(s.xDecimals)}</text>`);
  }
  if (s.yDomain !== undefined) {
    for (let e = s.yDomain[0]; e <= s.yDomain[1]; e++) {
      const y = s.y(10 ** e);
      out.push(`<line x1="${x0 - 5}" y1="${fmt(y)}" x2="${x0}" y2="${fmt(y)}" stroke="black"/><text class="tick" x="${x0 - 8}" y="${fmt(y + 4)}" text-anchor="end">${decade(e)}</text>`);
    }
  }
  if (s.floor !== undefined) {
    out.push(`<line x1="${x0}" y1="${fmt(s.floor)}" x2="${x1}" y2="${fmt(s.floor)}" stroke="#ddd" stroke-dasharray="3 3"/><text class="tick" x="${x0 - 8}" y="${fmt(s.floor + 4)}" text-anchor="end">0 (no ties)</text>`);
  }
  out.push(`<text class="caption" x="${(x0 + x1) / 2}" y="${height - 12}" text-anchor="middle">${escape(`mean ${measure}`)}</text>`);
  out.push(`<text class="caption" transform="translate(16 ${(y0 + y1) / 2}) rotate(-90)" text-anchor="middle">mean range (optimistic - pessimistic), log scale</text>`);
  // run names in the right margin, a line apart, in the order of their segments, within the plot's height
  const order = [...points].sort((a, b) => s.y(a.optimistic - a.pessimistic) - s.y(b.optimistic - b.pessimistic));
  const ys = order.map((p) => s.y(p.optimistic - p.pessimistic) + 4);
  for (let i = 1; i < ys.length; i++) ys[i] = Math.max(ys[i]!, ys[i - 1]! + LINE);
  // and pushed up from the x axis where they would pass it (the panel's height leaves them room)
  let limit = y0;
  for (let i = ys.length - 1; i >= 0; i--) {
    ys[i] = Math.min(ys[i]!, limit);
    limit = ys[i]! - LINE;
  }
  const labelY = new Map(order.map((p, i) => [p, ys[i]!]));
  for (const p of points) {
    const range = p.optimistic - p.pessimistic;
    const y = s.y(range);
    const data = `data-run="${escape(p.run)}" data-pessimistic="${p.pessimistic}" data-optimistic="${p.optimistic}" data-range="${range}"`;
    out.push(`<g class="run">`);
    // average ± 2 sd over tie orderings, within the segment (no ordering leaves it), beneath it:
    // drawn over it, the band hid the segment
    if (p.sd !== undefined && p.sd > 0) {
      out.push(`<line class="spread" data-sd="${p.sd}" x1="${fmt(s.x(Math.max(p.pessimistic, p.average - 2 * p.sd)))}" y1="${fmt(y)}" x2="${fmt(s.x(Math.min(p.optimistic, p.average + 2 * p.sd)))}" y2="${fmt(y)}" stroke="${BAND}" stroke-width="8"/>`);
    }
    out.push(`<line class="range" ${data} x1="${fmt(s.x(p.pessimistic))}" y1="${fmt(y)}" x2="${fmt(s.x(p.optimistic))}" y2="${fmt(y)}" stroke="steelblue" stroke-width="2"/>`);
    out.push(`<circle class="trec" data-value="${p.trec}" cx="${fmt(s.x(p.trec))}" cy="${fmt(y)}" r="4" fill="none" stroke="black"/>`);
    const ax = s.x(p.average);
    out.push(`<polygon class="average" data-value="${p.average}" points="${fmt(ax)},${fmt(y - 5)} ${fmt(ax - 4.5)},${fmt(y + 3.5)} ${fmt(ax + 4.5)},${fmt(y + 3.5)}" fill="darkorange"/>`);
    const ly = labelY.get(p)!;
    out.push(`<polyline class="leader" points="${fmt(Math.max(s.x(p.optimistic), s.x(p.trec)) + 6)},${fmt(y)} ${x1 + 6},${fmt(ly - 4)}" fill="none" stroke="#bbb"/>`);
    out.push(`<text class="name" x="${x1 + 10}" y="${fmt(ly)}">${escape(runLabel(p, points.length))}</text>`);
    out.push('</g>');
  }
  return out;
}
