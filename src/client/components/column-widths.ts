/**
 * Column widths for the virtualized data table. A virtualized table cannot let the browser size its
 * columns (table-layout: auto would size them from the few rows in view, and they would jump while
 * scrolling), so widths are worked out here from ALL the rows' text, once per data set:
 *   - a column's minimum is its longest word (or its whole text, for columns that never wrap), so
 *     no word is ever broken or cut;
 *   - its preferred width holds most of its texts on one line;
 *   - the box's width is shared out: minimums first, then towards the preferred widths, then any
 *     room left goes to the wrapping text columns. Below the sum of minimums the table keeps them
 *     and its box scrolls sideways (the page itself never does).
 * A column whose cells are clamped at two lines (ClampText) is sized for most of its texts, not the
 * longest: the rare longer one ends in an ellipsis, whole on hover and focus, instead of making the
 * other columns narrow.
 * Text widths are estimated from character classes, in em, since measuring 40,000 strings in the
 * DOM would cost far more than this error margin (TUNING.safety) does.
 */

/** The table-facing description of a column's sizing. */
export interface ColumnSizing {
  header: string;
  /** The cell as plain text; columns without it use `widthEm`. */
  text?: (row: never) => string;
  /** Never wraps: the whole text is one "word" (ids, amounts, emails). */
  nowrap?: boolean;
  /** Its cells stop at two lines with an ellipsis (ClampText), so it is sized for most texts, not all. */
  clamp?: boolean;
  /** Sortable headers carry an arrow beside the text. */
  sortable?: boolean;
  /**
   * Fixed sizes in em for columns that hold controls, or text whose size is known without reading
   * every row (dates, times, a clamped address): no walk over the rows. `grow` gives such a column
   * a share of the spare room, as a wrapping text column has.
   */
  widthEm?: { min: number; pref?: number; grow?: boolean };
}

export interface ColumnStat {
  minEm: number;
  prefEm: number;
  /** Takes a share of spare room once every column has its preferred width. */
  grows: boolean;
  /**
   * A wrapping column's width at which its longest text takes at most two lines (a row is
   * one or two lines), capped at TUNING.twoLineCapEm. Given out after the minimums and the fixed
   * columns, before the preferred widths; a box too narrow for it still gets no sideways scroll.
   */
  twoLineEm?: number;
}

/** The estimate's tuning, in one place: how it errs, and the caps it gives a wrapping column. */
const TUNING = {
  /** Estimates run a little wide rather than narrow: a cut word is worse than a few spare pixels. */
  safety: 1.05,
  /** Width of the sort arrow plus its gap, in em. */
  sortIconEm: 1.25,
  /** Header text is bold (600), about this much wider than regular text. */
  bold: 1.06,
  /** A wrapping column's preferred width is at most this, so one long text does not take the row. */
  prefCapEm: 22,
  /** A wrapping column's two-line width is at most this: a longer text (a reason) is cut at two lines instead. */
  twoLineCapEm: 30,
  /** The share of a wrapping column's texts that should fit on one line at the preferred width. */
  prefQuantile: 0.9,
  /** The share of a clamped column's texts that should fit on two lines at its two-line width. */
  clampQuantile: 0.9,
} as const;

/** The value below which `share` of the sorted `values` lie. */
const quantile = (values: Float64Array, share: number) =>
  values.length ? values[Math.min(values.length - 1, Math.floor(values.length * share))]! : 0;

/** Width in em of each ASCII character; others are looked up by range in charEm. */
// Calibrated on the widest common UI sans (DejaVu Sans, Linux's default); narrower fonts such as
// Segoe UI or Roboto only leave a little spare room.
const ASCII_EM = (() => {
  const table = new Float64Array(128).fill(0.62); // digits and most lower-case letters
  for (let c = 65; c <= 90; c++) table[c] = 0.72; // upper case
  for (const ch of "iljtfrI.,:;'|!()[] ") table[ch.charCodeAt(0)] = 0.34;
  for (const ch of 'mwMW@%') table[ch.charCodeAt(0)] = 0.95;
  return table;
})();

const SPACE = /\s/;

/** Width in em of one UTF-16 code unit: symbols such as ₹ and non-Latin scripts count wide. */
const charEm = (code: number) => (code < 128 ? ASCII_EM[code]! : code < 0x2000 ? 0.6 : 0.8);

/**
 * The width of `text` and of its widest word, in em, in one pass (words end at white space, where
 * the browser may wrap). Called for every cell of every row, so it walks char codes, not strings.
 */
function measure(text: string): { full: number; word: number } {
  let full = 0;
  let word = 0;
  let widest = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 32 || (code < 32 ? code >= 9 && code <= 13 : code > 127 && SPACE.test(text[i]!))) {
      if (word > widest) widest = word;
      full += 0.3;
      word = 0;
    } else {
      const em = charEm(code);
      full += em;
      word += em;
    }
  }
  return { full: full * TUNING.safety, word: Math.max(widest, word) * TUNING.safety };
}

/** Approximate width of `text` in em for a system sans-serif font (digits and most letters ~0.55 em). */
export const textWidthEm = (text: string): number => measure(text).full;

/** Each column's minimum and preferred width in em, from its header and every row's text. */
export function columnStats<T>(columns: readonly ColumnSizing[], rows: readonly T[]): ColumnStat[] {
  return columns.map((column) => {
    const icon = column.sortable ? TUNING.sortIconEm : 0;
    // A header may take two lines when its column's content is narrow ("Employee / ID").
    const headerMin = measure(column.header).word * TUNING.bold + icon;
    const headerFull = textWidthEm(column.header) * TUNING.bold + icon;
    if (!column.text) {
      const min = Math.max(column.widthEm?.min ?? headerMin, headerMin);
      const prefEm = Math.max(column.widthEm?.pref ?? min, min, headerFull);
      return column.widthEm?.grow ? { minEm: min, prefEm, grows: true, twoLineEm: min } : { minEm: min, prefEm, grows: false };
    }
    const text = column.text as (row: T) => string;
    let minEm = headerMin;
    // Greedy wrapping at width w leaves at most full - (w - word) for the second line, so
    // w >= (full + word) / 2 puts any text on two lines.
    const twoLine = new Float64Array(rows.length);
    const full = new Float64Array(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const size = measure(text(rows[i]!));
      minEm = Math.max(minEm, column.nowrap ? size.full : size.word);
      twoLine[i] = (size.full + size.word) / 2;
      full[i] = size.full;
    }
    if (column.nowrap) return { minEm, prefEm: Math.max(minEm, headerFull), grows: false };
    full.sort();
    twoLine.sort();
    const prefEm = Math.max(minEm, headerFull, Math.min(quantile(full, TUNING.prefQuantile), TUNING.prefCapEm));
    const twoLineEm = column.clamp ? quantile(twoLine, TUNING.clampQuantile) : twoLine.length ? twoLine[twoLine.length - 1]! : 0;
    return { minEm, prefEm, grows: true, twoLineEm: Math.max(minEm, Math.min(twoLineEm, TUNING.twoLineCapEm)) };
  });
}

/**
 * Pixel widths for `available` px of box: `emPx` is the table's font size, `paddingPx` a cell's
 * horizontal padding (plus border). The result sums to max(available, sum of minimums). Room is
 * given out in this order: every column's minimum (at which row buttons take two lines and a
 * header may too); the wrapping columns up to their two-line width, since a text over three lines
 * costs more than buttons over two; the fixed columns (controls, unwrapping text) up to their
 * preferred width (buttons and header on one line); the wrapping columns towards their preferred
 * width; and what is left to the wrapping columns.
 */
export function distributeWidths(stats: readonly ColumnStat[], available: number, emPx: number, paddingPx: number): number[] {
  const min = stats.map((s) => Math.ceil(s.minEm * emPx + paddingPx));
  const pref = stats.map((s, i) => Math.max(min[i]!, Math.ceil(s.prefEm * emPx + paddingPx)));
  const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
  const widths = [...min];
  let spare = available - sum(min);
  if (spare <= 0) return widths;

  /** Gives up to `spare` px to the columns `which`, in proportion to `weight`, capped at `cap`. */
  const grow = (which: (i: number) => boolean, weight: (i: number) => number, cap?: (i: number) => number) => {
    const chosen = stats.map((_, i) => i).filter(which);
    const room = chosen.map((i) => (cap ? Math.max(cap(i) - widths[i]!, 0) : Infinity));
    const total = chosen.reduce((a, i) => a + weight(i), 0);
    if (!chosen.length || total <= 0) return;
    const budget = Math.min(spare, cap ? sum(room) : spare);
    chosen.forEach((i, k) => {
      const add = Math.min(Math.floor((budget * weight(i)) / total), room[k]!);
      widths[i] = widths[i]! + add;
      spare -= add;
    });
  };
  const fixed = (i: number) => !stats[i]!.grows;
  const wraps = (i: number) => stats[i]!.grows;
  const twoLine = stats.map((s, i) => Math.max(min[i]!, Math.ceil((s.twoLineEm ?? 0) * emPx + paddingPx)));
  grow(wraps, (i) => twoLine[i]! - widths[i]!, (i) => twoLine[i]!);
  grow(fixed, (i) => pref[i]! - min[i]!, (i) => pref[i]!);
  grow(wraps, (i) => pref[i]! - widths[i]!, (i) => pref[i]!);
  grow(stats.some((s) => s.grows) ? wraps : () => true, (i) => pref[i]!);
  // Rounding down leaves a few pixels; the last growing column (else the last) takes them.
  const grower = stats.map((s) => s.grows).lastIndexOf(true);
  const last = grower >= 0 ? grower : stats.length - 1;
  widths[last] = widths[last]! + spare;
  return widths;
}
