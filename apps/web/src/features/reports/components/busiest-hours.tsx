import { HEATMAP_DAYS } from '@parley/contracts';
import { formatCount } from '../report-format';
import { ScrollRegion } from '../../../components/scroll-region';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** A cell's blue, from none (white) to the busiest hour of the range (full). */
function shade(value: number, max: number) {
  if (value === 0 || max === 0) return '#f5f7fa';
  const t = 0.15 + 0.85 * (value / max);
  return `rgba(22, 119, 255, ${t.toFixed(2)})`;
}

/**
 * Busiest hours: customer messages by weekday (Monday first) and hour, as a table a screen
 * reader can walk; each cell's colour grows with its count.
 */
export function BusiestHours({ cells, timezone }: { cells: number[][]; timezone: string }) {
  const max = Math.max(0, ...cells.flat());
  return (
    <ScrollRegion label="Busiest hours">
      <table
        aria-label={`Customer messages by weekday and hour (${timezone})`}
        style={{ borderCollapse: 'separate', borderSpacing: 2, fontSize: 11, width: '100%' }}
      >
        <thead>
          <tr>
            <th scope="col" style={{ width: 36 }}>
              <span style={{ position: 'absolute', left: -9999 }}>Day</span>
            </th>
            {HOURS.map((h) => (
              <th
                key={h}
                scope="col"
                style={{ fontWeight: 400, color: '#5b6170', minWidth: 22 }}
                aria-label={hourLabel(h)}
              >
                {h % 3 === 0 ? h : ''}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {HEATMAP_DAYS.map((day, d) => (
            <tr key={day}>
              <th scope="row" style={{ fontWeight: 400, color: '#5b6170', textAlign: 'left' }}>
                {day.slice(0, 3)}
              </th>
              {HOURS.map((h) => {
                const value = cells[d]?.[h] ?? 0;
                const text = `${day} ${hourLabel(h)}: ${formatCount(value)} message${value === 1 ? '' : 's'}`;
                return (
                  <td
                    key={h}
                    title={text}
                    aria-label={text}
                    data-value={value}
                    style={{
                      background: shade(value, max),
                      height: 22,
                      borderRadius: 3,
                    }}
                  />
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
