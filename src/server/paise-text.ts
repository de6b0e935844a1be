const RUPEES = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Indian digit grouping with paise, no symbol (slips, statements): 123456700 → '12,34,567.00'. */
export const formatRupees = (paise: number): string => RUPEES.format(paise / 100);
