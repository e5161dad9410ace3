import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { ConversationSlaSummary } from '@parley/contracts';
import { SlaBadge } from './sla-badge';

const NOW = Date.parse('2026-03-02T10:00:00.000Z');
const inMinutes = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

function renderBadges(...clocks: ConversationSlaSummary[]) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(NOW);
  return render(
    <ul>
      {clocks.map((sla, i) => (
        <li key={i}>
          <SlaBadge sla={sla} />
        </li>
      ))}
    </ul>,
  );
}

describe('the SLA badge on an inbox row', () => {
  it('shows each state in its colour class, with the clock in words for the tooltip and screen readers', () => {
    renderBadges(
      { metric: 'first_response', state: 'running', due_at: inMinutes(130) },
      { metric: 'next_response', state: 'warning', due_at: inMinutes(20) },
      { metric: 'resolution', state: 'breached', due_at: inMinutes(-15) },
      { metric: 'first_response', state: 'paused', due_at: null },
    );
    const running = screen.getByRole('img', { name: 'First response due in 2 hr, 10 min' });
    expect(running).toHaveTextContent('FRT 2h 10m');
    expect(running).toHaveAttribute('title', 'First response due in 2 hr, 10 min');
    expect(running).toHaveAttribute('data-sla-state', 'running');
    expect(running.className).toMatch(/sla-running/);

    const warning = screen.getByRole('img', { name: 'Next response due in 20 min' });
    expect(warning).toHaveTextContent('NRT 20m');
    expect(warning.className).toMatch(/sla-warning/);

    const breached = screen.getByRole('img', { name: 'Resolution overdue by 15 min' });
    expect(breached).toHaveTextContent('Overdue 15m');
    expect(breached.className).toMatch(/sla-breached/);

    const paused = screen.getByRole('img', {
      name: 'First response paused while waiting on the customer',
    });
    expect(paused).toHaveTextContent('FRT paused');
    expect(paused.className).toMatch(/sla-paused/);
  });

  it('counts down as the minutes pass, with one timer for every badge, and turns to overdue at its due time', () => {
    renderBadges(
      { metric: 'first_response', state: 'warning', due_at: inMinutes(2) },
      { metric: 'resolution', state: 'running', due_at: inMinutes(90) },
    );
    expect(screen.getByText('FRT 2m')).toBeInTheDocument();
    expect(vi.getTimerCount()).toBe(1);

    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('FRT 1m')).toBeInTheDocument();
    expect(screen.getByText('RT 1h 29m')).toBeInTheDocument();
    expect(vi.getTimerCount()).toBe(1);

    act(() => vi.advanceTimersByTime(2 * 60_000));
    const overdue = screen.getByText('Overdue 1m');
    expect(overdue).toHaveAttribute('data-sla-state', 'breached');
    expect(overdue).toHaveAccessibleName('First response overdue by 1 min');
  });

  it('stops its timer when no badge is left', () => {
    const { unmount } = renderBadges({
      metric: 'first_response',
      state: 'running',
      due_at: inMinutes(10),
    });
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
