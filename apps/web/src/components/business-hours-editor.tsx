import { useMemo, type ReactNode } from 'react';
import { Button, Flex, Form, Input, Radio, Select, Switch } from 'antd';
import type { FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { WidgetChatSettings } from '@parley/contracts';
import { t } from '@lingui/core/macro';
import { formatDate } from '../lib/format';
import { splitApiError } from '../lib/form-errors';

/**
 * Business hours as the chat widget and the call channel keep them (the contract's
 * `business_hours`: a time zone and opening periods per weekday, or null for always open).
 * The editor lives inside an antd Form whose values hold `hours`, `time_zone` and `days`
 * (BusinessHoursValues); businessHoursToForm / businessHoursFromForm convert. A day takes up to
 * two periods (09:00–12:30 and 13:30–18:00: a lunch break), the second after the first.
 */
export type BusinessHours = WidgetChatSettings['business_hours'];

/** 0 = Sunday … 6 = Saturday (the contract's numbering), shown Monday first. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** A weekday's name in the active language (4 Jan 1970 was a Sunday). */
export const weekdayName = (day: number): string =>
  formatDate(Date.UTC(1970, 0, 4 + day, 12), {
    dateStyle: undefined,
    weekday: 'long',
    timeZone: 'UTC',
  });
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** Periods a person can give a day here; the contract's 14 a week is two for each day. */
export const MAX_PERIODS_PER_DAY = 2;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const CLOSING_TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
/** Read when shown, so each is in the active language. */
export const BUSINESS_HOURS_MESSAGES = {
  get time() {
    return t`Use 24-hour time, like 09:00.`;
  },
  get closing() {
    return t`Use 24-hour time, like 17:30 (24:00 for midnight).`;
  },
  get closeAfterOpen() {
    return t`Close after the opening time.`;
  },
  /** A day's later period opening at or before the earlier one closes. */
  startAfterPrevious(close: string) {
    return t`Start after ${close}, when the period before ends.`;
  },
  get noOpenDay() {
    return t`Open on at least one day, or choose “Always open”.`;
  },
  get timeZone() {
    return t`Choose the time zone of your opening hours.`;
  },
};

export interface PeriodValues {
  from: string;
  to: string;
}
export interface DayValues {
  open: boolean;
  /** In order of the day; a closed day keeps one to show when it is opened. */
  periods: PeriodValues[];
}
export interface BusinessHoursValues {
  hours: 'always' | 'set';
  time_zone: string;
  days: DayValues[];
}

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function businessHoursToForm(hours: BusinessHours): BusinessHoursValues {
  return {
    hours: hours ? 'set' : 'always',
    time_zone: hours?.time_zone ?? browserTimeZone(),
    days: WEEKDAYS.map((_, day) => {
      // Every saved period is shown, even more than two (the API takes them): none is lost.
      const periods = (hours?.days ?? [])
        .filter((d) => d.day === day)
        .sort((a, b) => a.open.localeCompare(b.open))
        .map((d) => ({ from: d.open, to: d.close }));
      return periods.length > 0
        ? { open: true, periods }
        : { open: false, periods: [{ from: '09:00', to: '17:00' }] };
    }),
  };
}

export function businessHoursFromForm(v: BusinessHoursValues): BusinessHours {
  if (v.hours === 'always') return null;
  return {
    time_zone: v.time_zone,
    days: v.days.flatMap((d, day) =>
      d.open ? d.periods.map((p) => ({ day, open: p.from, close: p.to })) : [],
    ),
  };
}

/** Set hours with no open day: not something to send (say "Always open" instead). */
export const hasNoOpenDay = (hours: BusinessHours) => hours !== null && hours.days.length === 0;

/** Every IANA zone the browser knows (UTC first). */
function timeZoneOptions() {
  const zones =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')].map((z) => ({ value: z, label: z }));
}

/** One period of a day: its opening and closing times, the one before it closing earlier. */
function PeriodRow({
  day,
  name,
  field,
  index,
  action,
}: {
  day: number;
  name: string;
  /** The period's name within the day's Form.List. */
  field: number;
  index: number;
  /** Add a period (after the last one) or remove this one. */
  action?: ReactNode;
}) {
  const path = (i: number, key: keyof PeriodValues) => ['days', day, 'periods', i, key];
  const number = index + 1;
  const opensAt = index === 0 ? t`${name} opens at` : t`${name}, period ${number}, opens at`;
  const closesAt = index === 0 ? t`${name} closes at` : t`${name}, period ${number}, closes at`;
  return (
    <Flex gap={8} align="flex-start" wrap>
      <Form.Item
        name={[field, 'from']}
        dependencies={index > 0 ? [path(index - 1, 'to')] : []}
        rules={[
          { required: true, message: BUSINESS_HOURS_MESSAGES.time },
          { pattern: TIME, message: BUSINESS_HOURS_MESSAGES.time },
          ({ getFieldValue }) => ({
            validator: async (_, value: string) => {
              if (index === 0) return;
              const before = getFieldValue(path(index - 1, 'to')) as string;
              if (CLOSING_TIME.test(before) && TIME.test(value) && value <= before)
                throw new Error(BUSINESS_HOURS_MESSAGES.startAfterPrevious(before));
            },
          }),
        ]}
        style={{ marginBottom: 8 }}
      >
        <Input
          aria-label={opensAt}
          placeholder={index === 0 ? '09:00' : '13:30'}
          style={{ width: 88 }}
        />
      </Form.Item>
      <span style={{ paddingTop: 5 }}>{t`to`}</span>
      <Form.Item
        name={[field, 'to']}
        dependencies={[path(index, 'from')]}
        rules={[
          { required: true, message: BUSINESS_HOURS_MESSAGES.closing },
          { pattern: CLOSING_TIME, message: BUSINESS_HOURS_MESSAGES.closing },
          ({ getFieldValue }) => ({
            validator: async (_, value: string) => {
              const from = getFieldValue(path(index, 'from')) as string;
              if (TIME.test(from) && CLOSING_TIME.test(value) && value <= from)
                throw new Error(BUSINESS_HOURS_MESSAGES.closeAfterOpen);
            },
          }),
        ]}
        style={{ marginBottom: 8 }}
      >
        <Input
          aria-label={closesAt}
          placeholder={index === 0 ? '17:00' : '18:00'}
          style={{ width: 88 }}
        />
      </Form.Item>
      {action}
    </Flex>
  );
}

/** One weekday: open or closed, and its periods (one, or two around a break). */
function DayRow({ day }: { day: number }) {
  const name = weekdayName(day);
  const form = Form.useFormInstance<BusinessHoursValues>();
  const open = Form.useWatch(['days', day, 'open'], form) as boolean | undefined;
  return (
    <Flex gap={8} align="flex-start" role="group" aria-label={name}>
      <span style={{ width: 96, paddingTop: 5 }}>{name}</span>
      <Form.Item name={['days', day, 'open']} valuePropName="checked" noStyle>
        <Switch
          aria-label={t`Open on ${name}`}
          checkedChildren={t`Open`}
          unCheckedChildren={t`Closed`}
          style={{ marginTop: 5 }}
        />
      </Form.Item>
      {open && (
        <Form.List name={['days', day, 'periods']}>
          {(fields, { add, remove }) => (
            <Flex vertical>
              {fields.map((field, index) => {
                const last = index === fields.length - 1;
                const number = index + 1;
                const action =
                  index > 0 ? (
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t`Remove period ${number} on ${name}`}
                      onClick={() => remove(field.name)}
                    />
                  ) : last && fields.length < MAX_PERIODS_PER_DAY ? (
                    <Button
                      type="text"
                      icon={<PlusOutlined />}
                      aria-label={t`Add a period on ${name}`}
                      onClick={() => add({ from: '', to: '' })}
                    >
                      {t`Add a period`}
                    </Button>
                  ) : undefined;
                return (
                  <PeriodRow
                    key={field.key}
                    day={day}
                    name={name}
                    field={field.name}
                    index={index}
                    action={action}
                  />
                );
              })}
            </Flex>
          )}
        </Form.List>
      )}
    </Flex>
  );
}

/** "Always open" or set hours: the time zone and each weekday's opening and closing times. */
export function BusinessHoursEditor({ label, extra }: { label?: string; extra?: string }) {
  const form = Form.useFormInstance<BusinessHoursValues>();
  const hours = Form.useWatch('hours', form) as BusinessHoursValues['hours'] | undefined;
  const zones = useMemo(() => timeZoneOptions(), []);
  return (
    <>
      <Form.Item label={label ?? t`Business hours`} name="hours" extra={extra}>
        <Radio.Group
          options={[
            { value: 'always', label: t`Always open` },
            { value: 'set', label: t`Open at set hours` },
          ]}
        />
      </Form.Item>
      {hours === 'set' && (
        <>
          <Form.Item
            label={t`Time zone`}
            name="time_zone"
            rules={[{ required: true, message: BUSINESS_HOURS_MESSAGES.timeZone }]}
          >
            <Select
              showSearch
              aria-label={t`Time zone`}
              options={zones}
              style={{ maxWidth: 320 }}
            />
          </Form.Item>
          <div style={{ marginBottom: 16 }}>
            {WEEK_ORDER.map((day) => (
              <DayRow key={day} day={day} />
            ))}
          </div>
        </>
      )}
    </>
  );
}

/**
 * A failed save of a form holding the editor: the API's field errors go under the fields — the
 * business hours' (`{hoursPath}.time_zone`, `{hoursPath}.days.{i}` for the i-th sent period)
 * under the time zone and that period's closing time — and the rest is returned for above the form.
 */
export function applyApiErrorWithBusinessHours(
  form: FormInstance,
  failure: unknown,
  fields: readonly string[],
  rename: Record<string, string>,
  hoursPath: string,
  sent: BusinessHours,
): string | null {
  const hoursRename: Record<string, string> = { [`${hoursPath}.time_zone`]: 'time_zone' };
  const periodFields: string[] = [];
  // Sent in the form's order (businessHoursFromForm): a day's k-th sent period is its k-th period.
  const periodsSeen = new Map<number, number>();
  sent?.days.forEach((d, i) => {
    const k = periodsSeen.get(d.day) ?? 0;
    periodsSeen.set(d.day, k + 1);
    const field = `days.${d.day}.periods.${k}.to`;
    hoursRename[`${hoursPath}.days.${i}`] = field;
    periodFields.push(field);
  });
  const { fieldErrors, message } = splitApiError(
    failure,
    [...fields, 'time_zone', ...periodFields],
    { ...rename, ...hoursRename },
  );
  const entries = Object.entries(fieldErrors);
  if (entries.length > 0)
    form.setFields(
      entries.map(([name, errors]) => ({
        name: name.startsWith('days.')
          ? name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part))
          : name,
        errors,
      })),
    );
  return message;
}
