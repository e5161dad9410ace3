import { useEffect, useRef } from 'react';
import {
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { theme, type GlobalToken } from 'antd';
import type { ReportDay } from '@parley/contracts';
import { formatNumber } from '../../../lib/format';
import { formatShortDay } from '../report-format';
import { t } from '@lingui/core/macro';
import { startSide } from '../../../lib/i18n';

// Only what this chart draws is bundled (tree-shaken Chart.js), in a chunk of its own.
Chart.register(
  LineController,
  LineElement,
  PointElement,
  LinearScale,
  CategoryScale,
  Tooltip,
  Legend,
);

/** The four lines, named in the active language and coloured from the theme (dark mode too). */
const series = (
  token: GlobalToken,
): { key: keyof Omit<ReportDay, 'date'>; name: string; color: string }[] => [
  { key: 'opened', name: t`Conversations opened`, color: token.colorPrimary },
  { key: 'closed', name: t`Conversations closed`, color: token.colorSuccess },
  { key: 'messages_in', name: t`Messages in`, color: token.colorWarning },
  { key: 'messages_out', name: t`Messages out`, color: token.purple },
];

export function volumeConfig(
  daily: ReportDay[],
  token: GlobalToken,
  rightToLeft = false,
): ChartConfiguration<'line', number[], string> {
  const text = token.colorTextSecondary;
  return {
    type: 'line',
    data: {
      labels: daily.map((d) => formatShortDay(d.date)),
      datasets: series(token).map((s) => ({
        label: s.name,
        data: daily.map((d) => d[s.key]),
        borderColor: s.color,
        backgroundColor: s.color,
        borderWidth: 2,
        // Monotone curves never dip below zero between two days.
        cubicInterpolationMode: 'monotone' as const,
        pointRadius: daily.length <= 31 ? 2 : 0,
      })),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: 'index', intersect: false },
      plugins: {
        legend: { position: 'top', rtl: rightToLeft, labels: { boxWidth: 12, color: text } },
        tooltip: {
          rtl: rightToLeft,
          callbacks: {
            label: (item) => `${item.dataset.label ?? ''}: ${formatNumber(item.parsed.y ?? 0)}`,
          },
        },
      },
      scales: {
        x: {
          reverse: rightToLeft,
          grid: { display: false },
          ticks: { autoSkip: true, maxTicksLimit: 12, color: text },
        },
        y: {
          position: rightToLeft ? 'right' : 'left',
          beginAtZero: true,
          grid: { color: token.colorSplit },
          ticks: { precision: 0, color: text, callback: (value) => formatNumber(Number(value)) },
        },
      },
    },
  };
}

/**
 * Conversations and messages per day. Drawn on a canvas once its box has a size (a browser lays
 * it out; a test DOM has neither layout nor canvas, and then only the figures around it show).
 */
export function VolumeChart({ daily }: { daily: ReportDay[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { token } = theme.useToken();
  const rightToLeft = startSide() === 'right';

  useEffect(() => {
    const el = canvas.current;
    if (!el || el.parentElement?.clientWidth === 0) return;
    const chart = new Chart(el, volumeConfig(daily, token, rightToLeft));
    return () => chart.destroy();
  }, [daily, token, rightToLeft]);

  return (
    <div style={{ position: 'relative', width: '100%', height: 300 }}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={t`Conversations opened and closed, messages in and out, per day`}
      />
    </div>
  );
}
