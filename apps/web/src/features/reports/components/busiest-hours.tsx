import { theme } from 'antd';
import { HEATMAP_DAYS } from '@parley/contracts';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { ScrollRegion } from '../../../components/scroll-region';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** A fixed week (1 Jan 2024 was a Monday) to name weekdays and hours in the active language. */
const weekHour = (day: number, hour = 0) => new Date(Date.UTC(2024, 0, 1 + day, hour));
/** "09:00", on a 24-hour clock as the language writes it. */
const hourLabel = (h: number) =>
  formatDateTime(weekHour(0, h), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  });
/** "Monday", "Mon": the heatmap's rows (HEATMAP_DAYS, Monday first). */
const dayName = (d: number, weekday: 'long' | 'short') =>
  formatDateTime(weekHour(d), { weekday, timeZone: 'UTC' });

/** How strongly a cell shows its count: from nothing to the busiest hour of the range (full). */
function strength(value: number, max: number) {
  if (value === 0 || max === 0) return 0;
  return 0.15 + 0.85 * (value / max);
}

/**
 * Busiest hours: customer messages by weekday (Monday first) and hour, as a table a screen
 * reader can walk; each cell's colour grows with its count.
 */
export function BusiestHours({ cells, timezone }: { cells: number[][]; timezone: string }) {
  const max = Math.max(0, ...cells.flat());
  const { token } = theme.useToken();
  return (
    <ScrollRegion label={t`Busiest hours`}>
      <table
        aria-label={t`Customer messages by weekday and hour (${timezone})`}
        style={{ borderCollapse: 'separate', borderSpacing: 2, fontSize: 11, width: '100%' }}
      >
        <thead>
          <tr>
            <th scope="col" style={{ width: 36 }}>
              <span style={{ position: 'absolute', insetInlineStart: -9999 }}>
                <Trans>Day</Trans>
              </span>
            </th>
            {HOURS.map((h) => (
              <th
                key={h}
                scope="col"
                style={{ fontWeight: 400, color: token.colorTextSecondary, minWidth: 22 }}
                aria-label={hourLabel(h)}
              >
                {h % 3 === 0 ? formatNumber(h) : ''}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {HEATMAP_DAYS.map((day, d) => {
            const weekday = dayName(d, 'long');
            return (
              <tr key={day}>
                <th
                  scope="row"
                  style={{ fontWeight: 400, color: token.colorTextSecondary, textAlign: 'start' }}
                >
                  {dayName(d, 'short')}
                </th>
                {HOURS.map((h) => {
                  const value = cells[d]?.[h] ?? 0;
                  const hour = hourLabel(h);
                  const text = plural(value, {
                    one: `${weekday} ${hour}: # message`,
                    other: `${weekday} ${hour}: # messages`,
                  });
                  const share = strength(value, max);
                  return (
                    <td
                      key={h}
                      title={text}
                      aria-label={text}
                      data-value={value}
                      style={{
                        // The primary colour over the empty cell's fill, as strong as the count.
                        background:
                          share === 0
                            ? token.colorFillTertiary
                            : `color-mix(in srgb, ${token.colorPrimary} ${Math.round(share * 100)}%, transparent)`,
                        height: 22,
                        borderRadius: 3,
                      }}
                    />
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
