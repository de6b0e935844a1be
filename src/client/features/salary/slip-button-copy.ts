/** Words of the dashboard's slip button beyond the spec. */
export const SLIP_BUTTON_UI = {
  /** When no month is complete since joining: the button opens the Salary Slip screen instead. */
  chooseMonth: 'No month is complete since you joined yet. Choose a month to download its salary slip.',
} as const;
