/** Words of the admin frame's attendance strip (beyond the spec, so kept with the feature). */
export const STRIP_UI = {
  /** Name of the strip's region. */
  label: "Today's attendance",
  title: 'Today',
  present: 'present',
  absent: 'absent',
  onLeave: 'on leave',
  /** A weekly off or holiday: nobody is absent then. */
  off: 'off today',
  /** Stands for a figure that has not arrived yet. */
  pending: '–',
  /** The disclosure button, after the figures (for screen readers the figures come first). */
  show: 'Show overview',
  hide: 'Hide overview',
} as const;
