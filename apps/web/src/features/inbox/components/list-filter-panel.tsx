import type { ReactElement } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Button, DatePicker, Popover, Select, Tag, theme } from 'antd';
import dayjs from 'dayjs';
import { PRIORITIES, SLA_FILTERS } from '@parley/contracts';
import { priorityLabel } from '../../conversation';
import { filterCount, withoutEmpty, type ListFilters } from '../inbox-route';
import { dayLabel, filterChips, slaFilterLabel } from '../list-filter-labels';

/** The stored form of a day (the picker shows days through lib/format). */
const DAY = 'YYYY-MM-DD';

/** Picked values in the set's own order, so equal filters are written alike. */
const inOrder = <T extends string>(values: readonly T[], picked: readonly T[]) =>
  values.filter((value) => picked.includes(value));

interface FilterProps {
  filters: ListFilters;
  onChange: (filters: ListFilters) => void;
}

/** The filters' fields: priorities, SLA states, days of creation; each change applies at once. */
export function ListFilterFields({ filters, onChange }: FilterProps) {
  const { token } = theme.useToken();
  const set = (patch: ListFilters) => onChange(withoutEmpty({ ...filters, ...patch }));
  const field = { display: 'grid', gap: token.marginXXS } as const;
  return (
    <div style={{ display: 'grid', gap: token.marginSM, width: 280 }}>
      <div style={field}>
        <label htmlFor="inbox-filter-priority">
          <Trans>Priority</Trans>
        </label>
        <Select
          id="inbox-filter-priority"
          mode="multiple"
          allowClear
          placeholder={t`Any priority`}
          value={filters.priority ?? []}
          options={PRIORITIES.map((value) => ({ value, label: priorityLabel(value) }))}
          onChange={(picked) => set({ priority: inOrder(PRIORITIES, picked) })}
        />
      </div>
      <div style={field}>
        <label htmlFor="inbox-filter-sla">
          <Trans>SLA</Trans>
        </label>
        <Select
          id="inbox-filter-sla"
          mode="multiple"
          allowClear
          placeholder={t`Any SLA state`}
          value={filters.sla ?? []}
          options={SLA_FILTERS.map((value) => ({ value, label: slaFilterLabel(value) }))}
          onChange={(picked) => set({ sla: inOrder(SLA_FILTERS, picked) })}
        />
      </div>
      <div style={field}>
        <label htmlFor="inbox-filter-created">
          <Trans>Created</Trans>
        </label>
        <DatePicker.RangePicker
          id={{ start: 'inbox-filter-created' }}
          aria-label={t`Created between`}
          allowEmpty={[true, true]}
          value={[
            filters.created_from ? dayjs(filters.created_from, DAY) : null,
            filters.created_to ? dayjs(filters.created_to, DAY) : null,
          ]}
          // A function: the days read in the active language; they are picked, not typed.
          format={(day) => dayLabel(day.format(DAY))}
          getPopupContainer={(node) => node.parentElement ?? document.body}
          onChange={(values) => {
            const [from, to] = values ?? [];
            set({ created_from: from?.format(DAY), created_to: to?.format(DAY) });
          }}
        />
        <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
          <Trans>
            Both days included, in the time zone of your business hours (UTC if none is set).
          </Trans>
        </span>
      </div>
      {filterCount(filters) > 0 && (
        <Button size="small" onClick={() => onChange({})} style={{ justifySelf: 'start' }}>
          <Trans>Clear filters</Trans>
        </Button>
      )}
    </div>
  );
}

/** The Filters button's popover: the fields in a panel beside the list's toolbar. */
export function ListFilterPopover({
  open,
  onOpenChange,
  children,
  ...props
}: FilterProps & { open: boolean; onOpenChange: (open: boolean) => void; children: ReactElement }) {
  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      placement="bottomRight"
      title={t`Filter the list`}
      content={<ListFilterFields {...props} />}
    >
      {children}
    </Popover>
  );
}

/** The filters in use as chips under the toolbar, each removable, and "Clear all". */
export function ActiveFilterChips({ filters, onChange }: FilterProps) {
  const { token } = theme.useToken();
  const chips = filterChips(filters);
  if (chips.length === 0) return null;
  return (
    <ul
      aria-label={t`Filters in use`}
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: token.marginXXS,
        listStyle: 'none',
        margin: 0,
        padding: `0 ${token.paddingSM}px ${token.paddingXS}px`,
      }}
    >
      {chips.map(({ key, label, rest }) => (
        <li key={key}>
          <Tag
            style={{ marginInlineEnd: 0 }}
            closable={{ 'aria-label': t`Remove filter ${label}` }}
            onClose={(event) => {
              event.preventDefault();
              onChange(withoutEmpty(rest));
            }}
          >
            {label}
          </Tag>
        </li>
      ))}
      {chips.length > 1 && (
        <li>
          <Button type="link" size="small" onClick={() => onChange({})}>
            <Trans>Clear all</Trans>
          </Button>
        </li>
      )}
    </ul>
  );
}
