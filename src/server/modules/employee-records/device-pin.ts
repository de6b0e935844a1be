/**
 * Device PINs: the number a biometric device knows a person by. Devices pad or do not pad PINs
 * with zeros depending on model and settings, so a PIN is stored and compared without leading zeros.
 */

/** The PIN without leading zeros ('0042' -> '42'; '000' -> '0'); undefined when it is not 1-9 digits. */
export function normalizePin(raw: string): string | undefined {
  const text = raw.trim();
  // Devices send up to 24 characters; anything but digits is not a PIN a person can be mapped by,
  // but a long all-digit PIN with leading zeros still is when its value fits.
  if (!/^[0-9]+$/.test(text)) return undefined;
  const value = text.replace(/^0+(?=.)/, '');
  return value.length <= 9 ? value : undefined;
}

/** The default PIN for an employee code: its digits without leading zeros (EMP0042 -> 42); undefined without digits. */
export function pinFromCode(employeeCode: string): string | undefined {
  const digits = employeeCode.replace(/[^0-9]/g, '');
  if (!digits) return undefined;
  return normalizePin(digits);
}
