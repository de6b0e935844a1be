/** The device PIN field's words on Add and Edit Employee (not the spec's: the spec's forms have no PIN). */
export const DEVICE_PIN_UI = {
  label: 'Device PIN (optional)',
  addHint: 'The number the biometric device knows this person by: 1 to 9 digits. Leave empty to use the digits of the employee ID.',
  editHint: 'The number the biometric device knows this person by: 1 to 9 digits. Empty: no PIN.',
} as const;
