import { t } from '@lingui/core/macro';
import type { SlaFilter } from '@parley/contracts';
import { formatDate, formatList } from '../../lib/format';
import { priorityLabel } from '../conversation';
import type { ListFilters } from './inbox-route';

/** An SLA filter's name, in the active language. */
export function slaFilterLabel(state: SlaFilter): string {
  switch (state) {
    case 'breached':
      return t({ message: 'Breached', context: 'SLA filter' });
    case 'due_soon':
      return t({ message: 'Due soon', context: 'SLA filter' });
    case 'on_track':
      return t({ message: 'On track', context: 'SLA filter' });
    case 'paused':
      return t({ message: 'Paused', context: 'SLA filter' });
    case 'none':
      return t({ message: 'No SLA', context: 'SLA filter' });
  }
}

/** A YYYY-MM-DD day as the active language writes it (the local day, not shifted by the zone). */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return formatDate(new Date(y, m - 1, d));
}

/** The days of creation in words: "Created 1 Mar 2026 – 31 Mar 2026", "Created from …". */
export function createdLabel(from: string | undefined, to: string | undefined): string | null {
  if (from && to) {
    const start = dayLabel(from);
    const end = dayLabel(to);
    return from === to ? t`Created on ${start}` : t`Created ${start} – ${end}`;
  }
  if (from) {
    const start = dayLabel(from);
    return t`Created from ${start}`;
  }
  if (to) {
    const end = dayLabel(to);
    return t`Created until ${end}`;
  }
  return null;
}

/** Each set filter as a removable chip: what it says, and the filters without it. */
export function filterChips(
  filters: ListFilters,
): { key: string; label: string; rest: ListFilters }[] {
  const chips: { key: string; label: string; rest: ListFilters }[] = [];
  if (filters.priority?.length) {
    const names = formatList(filters.priority.map(priorityLabel), 'disjunction');
    chips.push({
      key: 'priority',
      label: t`Priority: ${names}`,
      rest: { ...filters, priority: undefined },
    });
  }
  if (filters.sla?.length) {
    const names = formatList(filters.sla.map(slaFilterLabel), 'disjunction');
    chips.push({ key: 'sla', label: t`SLA: ${names}`, rest: { ...filters, sla: undefined } });
  }
  const created = createdLabel(filters.created_from, filters.created_to);
  if (created)
    chips.push({
      key: 'created',
      label: created,
      rest: { ...filters, created_from: undefined, created_to: undefined },
    });
  return chips;
}

/** The filters in words, for a saved view's description ("Priority: High or Urgent · …"). */
export function describeListFilters(filters: ListFilters): string[] {
  return filterChips(filters).map((chip) => chip.label);
}
