/**
 * Amounts in words with Indian numbering (thousand, lakh, crore), as payslips and cheques write
 * them: 4520000 paise -> 'Rupees Forty-Five Thousand Two Hundred Only'.
 */

const ONES = [
  'Zero', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten',
  'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0–99: 'Seven', 'Nineteen', 'Forty-Five'. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const tens = TENS[Math.floor(n / 10)]!;
  return n % 10 ? `${tens}-${ONES[n % 10]}` : tens;
}

/** 1–999: 'Six Hundred Seventy-Eight' (no 'and', as Indian payslips write it). */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts = [];
  if (hundreds) parts.push(`${ONES[hundreds]} Hundred`);
  if (rest) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/**
 * A whole number in words, Indian style: 12345678 -> 'One Crore Twenty-Three Lakh Forty-Five
 * Thousand Six Hundred Seventy-Eight'. Beyond 99 crore the crore count is itself spelled out
 * ('One Hundred Crore'), as Indian usage does.
 */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`numberInWords needs a whole number from 0, got ${n}`);
  if (n === 0) return ONES[0]!;
  const parts: string[] = [];
  const crore = Math.floor(n / 1_00_00_000);
  const lakh = Math.floor((n % 1_00_00_000) / 1_00_000);
  const thousand = Math.floor((n % 1_00_000) / 1_000);
  const rest = n % 1_000;
  if (crore) parts.push(`${numberInWords(crore)} Crore`);
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** Paise as a payslip writes them: 'Rupees … Only', with ' and … Paise' when there are paise. */
export function rupeesInWords(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`rupeesInWords needs whole paise, got ${paise}`);
  const negative = paise < 0;
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100);
  const rest = abs % 100;
  const words = `Rupees ${numberInWords(rupees)}${rest ? ` and ${numberInWords(rest)} Paise` : ''} Only`;
  return negative ? `Minus ${words}` : words;
}
