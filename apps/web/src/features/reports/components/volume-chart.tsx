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
import type { ReportDay } from '@parley/contracts';
import { formatDay } from '../report-format';

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

const SERIES: { key: keyof Omit<ReportDay, 'date'>; name: string; color: string }[] = [
  { key: 'opened', name: 'Conversations opened', color: '#1677ff' },
  { key: 'closed', name: 'Conversations closed', color: '#52c41a' },
  { key: 'messages_in', name: 'Messages in', color: '#fa8c16' },
  { key: 'messages_out', name: 'Messages out', color: '#722ed1' },
];

export function volumeConfig(daily: ReportDay[]): ChartConfiguration<'line', number[], string> {
  return {
    type: 'line',
    data: {
      labels: daily.map((d) => formatDay(d.date).replace(/ \d{4}$/, '')),
      datasets: SERIES.map((s) => ({
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
      plugins: { legend: { position: 'top', labels: { boxWidth: 12 } } },
      scales: {
        x: { grid: { display: false }, ticks: { autoSkip: true, maxTicksLimit: 12 } },
        y: { beginAtZero: true, ticks: { precision: 0 } },
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

  useEffect(() => {
    const el = canvas.current;
    if (!el || el.parentElement?.clientWidth === 0) return;
    const chart = new Chart(el, volumeConfig(daily));
    return () => chart.destroy();
  }, [daily]);

  return (
    <div style={{ position: 'relative', width: '100%', height: 300 }}>
      <canvas
        ref={canvas}
        role="img"
        aria-label="Conversations opened and closed, messages in and out, per day"
      />
    </div>
  );
}
