import { t } from '@lingui/core/macro';

/** The units an editor offers for a duration that is kept in minutes (a wait, an SLA target). */
export const DURATION_UNITS = ['minutes', 'hours', 'days'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

export const UNIT_MINUTES: Record<DurationUnit, number> = { minutes: 1, hours: 60, days: 24 * 60 };

function durationUnitLabel(unit: DurationUnit): string {
  switch (unit) {
    case 'minutes':
      return t`minutes`;
    case 'hours':
      return t`hours`;
    case 'days':
      return t`days`;
  }
}

/** The unit select's options, in the active language. */
export const durationUnitOptions = () =>
  DURATION_UNITS.map((unit) => ({ value: unit, label: durationUnitLabel(unit) }));
