/** One run in the range plot: its pessimistic, tie-average, trec_eval-order and optimistic means. */
export interface RangePoint {
  readonly run: string;
  readonly pessimistic: number;
  readonly average: number;
  readonly trec: number;
  readonly optimistic: number;
}

/** The y axis floor: ranges below it are drawn on it (the axis stops at 1e-6). */
export const RANGE_FLOOR = 1e-6;

const WIDTH = 760;
const HEIGHT = 480;
const LEFT = 80;
const RIGHT = 170;
const TOP = 30;
const BOTTOM = 60;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/**
 * Text as SVG (XML 1.0) holds it: markup characters as entities; control characters, which XML
 * 1.0 allows in no form, as their Unicode control pictures (U+0001 as U+2401).
 */
const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ENTITIES[c]!).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, (c) => (c.charCodeAt(0) < 32 ? String.fromCharCode(0x2400 + c.charCodeAt(0)) : '\ufffd'));
const fmt = (x: number): string => (Math.round(x * 100) / 100).toString();

/** The plot's scales: value to x pixel, range to y pixel (log10). */
export interface PlotScales {
  readonly x: (value: number) => number;
  readonly y: (range: number) => number;
  readonly xDomain: readonly [number, number];
  readonly yDomain: readonly [number, number];
}

export function plotScales(points: readonly RangePoint[]): PlotScales {
  let lo = Math.min(...points.map((p) => p.pessimistic));
  let hi = Math.max(...points.map((p) => p.optimistic));
  if (!(hi > lo)) {
    lo -= 0.01;
    hi += 0.01;
  }
  const pad = (hi - lo) * 0.05;
  const xDomain: [number, number] = [lo - pad, hi + pad];
  const top = Math.max(RANGE_FLOOR * 10, ...points.map((p) => p.optimistic - p.pessimistic));
  const yDomain: [number, number] = [Math.log10(RANGE_FLOOR), Math.ceil(Math.log10(top))];
  return {
    xDomain,
    yDomain,
    x: (v) => LEFT + ((v - xDomain[0]) / (xDomain[1] - xDomain[0])) * (WIDTH - LEFT - RIGHT),
    y: (r) => HEIGHT - BOTTOM - ((Math.log10(Math.max(RANGE_FLOOR, r)) - yDomain[0]) / (yDomain[1] - yDomain[0])) * (HEIGHT - TOP - BOTTOM),
  };
}

/**
 * The range plot as a self-contained SVG: per run a horizontal segment from its pessimistic to
 * its optimistic mean at the height of its mean range (optimistic - pessimistic; log scale,
 * floored at 1e-6), a circle at the trec_eval-order mean and a triangle at the tie average,
 * with labelled axes and run names. Each segment carries its values as data- attributes.
 */
export function rangePlotSvg(points: readonly RangePoint[], measure: string): string {
  return rangePlotsSvg([{ measure, points }]);
}

/**
 * Several range plots (see rangePlotSvg) in one SVG, one panel per measure, top to bottom. The
 * run names stand in the right margin, a line apart, each joined to its segment by a grey
 * leader, so no name covers a segment or another name.
 */
export function rangePlotsSvg(panels: readonly { readonly measure: string; readonly points: readonly RangePoint[] }[]): string {
  const height = HEIGHT * panels.length;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="12">`);
  out.push(`<title>${escape(`${panels.map((p) => p.measure).join(', ')}: score ranges under ties`)}</title>`);
  out.push(`<rect width="${WIDTH}" height="${height}" fill="white"/>`);
  panels.forEach(({ measure, points }, i) => {
    out.push(`<g class="panel" data-measure="${escape(measure)}" transform="translate(0 ${i * HEIGHT})">`);
    out.push(...panel(points, measure));
    out.push('</g>');
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

/** One measure's plot, in a HEIGHT-high band from y = 0. */
function panel(points: readonly RangePoint[], measure: string): string[] {
  const s = plotScales(points);
  const out: string[] = [];
  const x0 = LEFT;
  const x1 = WIDTH - RIGHT;
  const y0 = HEIGHT - BOTTOM;
  const y1 = TOP;
  out.push(`<g class="axes" stroke="black"><line x1="${x0}" y1="${y0}" x2="${x1}" y2="${y0}"/><line x1="${x0}" y1="${y0}" x2="${x0}" y2="${y1}"/></g>`);
  for (let i = 0; i <= 5; i++) {
    const v = s.xDomain[0] + ((s.xDomain[1] - s.xDomain[0]) * i) / 5;
    const x = s.x(v);
    out.push(`<line x1="${fmt(x)}" y1="${y0}" x2="${fmt(x)}" y2="${y0 + 5}" stroke="black"/><text x="${fmt(x)}" y="${y0 + 18}" text-anchor="middle">${v.toFixed(3)}</text>`);
  }
  for (let e = s.yDomain[0]; e <= s.yDomain[1]; e++) {
    const y = s.y(10 ** e);
    out.push(`<line x1="${x0 - 5}" y1="${fmt(y)}" x2="${x0}" y2="${fmt(y)}" stroke="black"/><text x="${x0 - 8}" y="${fmt(y + 4)}" text-anchor="end">1e${e}</text>`);
  }
  out.push(`<text x="${(x0 + x1) / 2}" y="${HEIGHT - 15}" text-anchor="middle">${escape(`mean ${measure}, trec_eval order (segment: pessimistic to optimistic; circle: trec_eval; triangle: tie average)`)}</text>`);
  out.push(`<text transform="translate(18 ${(y0 + y1) / 2}) rotate(-90)" text-anchor="middle">${escape('mean range (optimistic - pessimistic), log scale')}</text>`);
  // run names in the right margin, at least a line apart, top to bottom in the order of their segments
  const labelY = new Map<RangePoint, number>();
  let below = -Infinity;
  for (const p of [...points].sort((a, b) => s.y(a.optimistic - a.pessimistic) - s.y(b.optimistic - b.pessimistic))) {
    below = Math.max(s.y(p.optimistic - p.pessimistic) + 4, below + 13);
    labelY.set(p, below);
  }
  for (const p of points) {
    const range = p.optimistic - p.pessimistic;
    const y = s.y(range);
    const data = `data-run="${escape(p.run)}" data-pessimistic="${p.pessimistic}" data-optimistic="${p.optimistic}" data-range="${range}"`;
    out.push(`<g class="run">`);
    out.push(`<line class="range" ${data} x1="${fmt(s.x(p.pessimistic))}" y1="${fmt(y)}" x2="${fmt(s.x(p.optimistic))}" y2="${fmt(y)}" stroke="steelblue" stroke-width="2"/>`);
    out.push(`<circle class="trec" data-value="${p.trec}" cx="${fmt(s.x(p.trec))}" cy="${fmt(y)}" r="4" fill="none" stroke="black"/>`);
    const ax = s.x(p.average);
    out.push(`<polygon class="average" data-value="${p.average}" points="${fmt(ax)},${fmt(y - 5)} ${fmt(ax - 4.5)},${fmt(y + 3.5)} ${fmt(ax + 4.5)},${fmt(y + 3.5)}" fill="darkorange"/>`);
    const ly = labelY.get(p)!;
    out.push(`<polyline class="leader" points="${fmt(Math.max(s.x(p.optimistic), s.x(p.trec)) + 6)},${fmt(y)} ${x1 + 6},${fmt(ly - 4)}" fill="none" stroke="#bbb"/>`);
    out.push(`<text x="${x1 + 10}" y="${fmt(ly)}">${escape(p.run)}</text>`);
    out.push('</g>');
  }
  return out;
}
