import { useState } from 'react';
import { Button, Flex, Input, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { isCalendarDay, MAX_HOLIDAYS } from '@parley/contracts';
import { formatDate, formatNumber } from '../../../lib/format';

/** "Fri, Dec 25, 2026": a holiday (a local day, YYYY-MM-DD) as the language writes it. */
export function formatHoliday(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return formatDate(Date.UTC(y, m - 1, d), {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * The days the team does not work, whatever the weekday: a date to add, and the list (earliest
 * first) with a remove button each. An antd form control: `value` and `onChange` come from its
 * Form.Item, the disabled state from the form.
 */
export function HolidayList({
  id,
  value = [],
  onChange,
  disabled = false,
}: {
  /** The form item's, so its label names the date input. */
  id?: string;
  value?: string[];
  onChange?: (next: string[]) => void;
  disabled?: boolean;
}) {
  const [day, setDay] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const full = value.length >= MAX_HOLIDAYS;

  const add = () => {
    if (!isCalendarDay(day)) {
      setProblem(t`Choose a date to add.`);
      return;
    }
    if (value.includes(day)) {
      setProblem(t`That day is already a holiday.`);
      return;
    }
    setProblem(null);
    setDay('');
    onChange?.([...value, day].sort());
  };

  const limit = formatNumber(MAX_HOLIDAYS);
  return (
    <Flex vertical gap={8}>
      {!disabled && (
        <Flex gap={8} wrap align="center">
          <Input
            id={id}
            aria-label={t`Holiday date`}
            type="date"
            value={day}
            disabled={full}
            status={problem ? 'error' : undefined}
            onChange={(event) => {
              setDay(event.target.value);
              setProblem(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
            style={{ width: 180, maxWidth: '100%' }}
          />
          <Button icon={<PlusOutlined />} disabled={full} onClick={add}>
            <Trans>Add holiday</Trans>
          </Button>
        </Flex>
      )}
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
      {full && !disabled && (
        <Typography.Text type="secondary">
          <Trans>That is the most holidays an account may list ({limit}).</Trans>
        </Typography.Text>
      )}
      {value.length === 0 ? (
        <Typography.Text type="secondary">
          <Trans>No holidays.</Trans>
        </Typography.Text>
      ) : (
        <Flex
          component="ul"
          aria-label={t`Holidays`}
          vertical
          gap={4}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {value.map((holiday) => {
            const dayName = formatHoliday(holiday);
            return (
              <li key={holiday}>
                <Flex gap={8} align="center">
                  <time dateTime={holiday} style={{ minWidth: 140 }}>
                    {dayName}
                  </time>
                  {!disabled && (
                    <Button
                      size="small"
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t`Remove the holiday ${dayName}`}
                      onClick={() => onChange?.(value.filter((d) => d !== holiday))}
                      style={{ minWidth: 28, minHeight: 28 }}
                    />
                  )}
                </Flex>
              </li>
            );
          })}
        </Flex>
      )}
    </Flex>
  );
}
