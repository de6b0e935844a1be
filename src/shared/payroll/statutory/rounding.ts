/**
 * Integer-paise arithmetic for statutory figures. Rates are basis points (1% = 100 bp, so
 * 8.33% = 833 bp) and every product is computed exactly in bigint before it is rounded once.
 */

/** Whole rupees (as paise) nearest to paise × bp ÷ 10,000, halves up: PF's "nearest rupee". */
export function rupeesNearest(paise: number, bp: number): number {
  // floor(x / 100 + 1/2) rupees with x = paise × bp / 10,000, in integers.
  const n = BigInt(paise) * BigInt(bp);
  return Number((2n * n + 1_000_000n) / 2_000_000n) * 100;
}

/** Whole rupees (as paise) at or above paise × bp ÷ 10,000: ESI's "next higher rupee". */
export function rupeesUp(paise: number, bp: number): number {
  const n = BigInt(paise) * BigInt(bp);
  return Number((n + 999_999n) / 1_000_000n) * 100;
}

/** Paise × bp ÷ 10,000 rounded down to the paisa: tax slabs before the final rounding. */
export function paiseOf(paise: number, bp: number): number {
  return Number((BigInt(paise) * BigInt(bp)) / 10_000n);
}

/** Whole rupees nearest to paise, halves up. */
export const roundToRupee = (paise: number): number => Math.floor((paise + 50) / 100) * 100;

/** Nearest multiple of ₹10, halves up (Income-tax Act s.288A for income, s.288B for tax). */
export const roundToTenRupees = (paise: number): number => Math.floor((paise + 500) / 1_000) * 1_000;

/** ₹ as paise, for writing tables in rupees. */
export const inr = (rupees: number): number => Math.round(rupees * 100);
