import { useMemo } from 'react';
import { Flex, Form, Input, Radio, Select, Switch } from 'antd';
import type { FormInstance } from 'antd';
import type { WidgetChatSettings } from '@parley/contracts';
import { t } from '@lingui/core/macro';
import { formatDate } from '../lib/format';
import { splitApiError } from '../lib/form-errors';

/**
 * Business hours as the chat widget and the call channel keep them (the contract's
 * `business_hours`: a time zone and opening periods per weekday, or null for always open).
 * The editor lives inside an antd Form whose values hold `hours`, `time_zone` and `days`
 * (BusinessHoursValues); businessHoursToForm / businessHoursFromForm convert.
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
  get noOpenDay() {
    return t`Open on at least one day, or choose “Always open”.`;
  },
  get timeZone() {
    return t`Choose the time zone of your opening hours.`;
  },
};

export interface DayValues {
  open: boolean;
  from: string;
  to: string;
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
      const range = hours?.days.find((d) => d.day === day);
      return range
        ? { open: true, from: range.open, to: range.close }
        : { open: false, from: '09:00', to: '17:00' };
    }),
  };
}

export function businessHoursFromForm(v: BusinessHoursValues): BusinessHours {
  if (v.hours === 'always') return null;
  return {
    time_zone: v.time_zone,
    days: v.days.flatMap((d, day) => (d.open ? [{ day, open: d.from, close: d.to }] : [])),
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

/** One weekday: open or closed, and its opening and closing times. */
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
        <>
          <Form.Item
            name={['days', day, 'from']}
            rules={[{ pattern: TIME, message: BUSINESS_HOURS_MESSAGES.time }]}
            style={{ marginBottom: 8 }}
          >
            <Input aria-label={t`${name} opens at`} placeholder="09:00" style={{ width: 88 }} />
          </Form.Item>
          <span style={{ paddingTop: 5 }}>{t`to`}</span>
          <Form.Item
            name={['days', day, 'to']}
            dependencies={[['days', day, 'from']]}
            rules={[
              { pattern: CLOSING_TIME, message: BUSINESS_HOURS_MESSAGES.closing },
              ({ getFieldValue }) => ({
                validator: async (_, value: string) => {
                  const from = getFieldValue(['days', day, 'from']) as string;
                  if (TIME.test(from) && CLOSING_TIME.test(value) && value <= from)
                    throw new Error(BUSINESS_HOURS_MESSAGES.closeAfterOpen);
                },
              }),
            ]}
            style={{ marginBottom: 8 }}
          >
            <Input aria-label={t`${name} closes at`} placeholder="17:00" style={{ width: 88 }} />
          </Form.Item>
        </>
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
 * under the time zone and that day's closing time — and the rest is returned for above the form.
 */
export function applyApiErrorWithBusinessHours(
  form: FormInstance,
  failure: unknown,
  fields: readonly string[],
  rename: Record<string, string>,
  hoursPath: string,
  sent: BusinessHours,
): string | null {
  const dayField = (day: number) => `days.${day}.to`;
  const hoursRename: Record<string, string> = { [`${hoursPath}.time_zone`]: 'time_zone' };
  sent?.days.forEach((d, i) => {
    hoursRename[`${hoursPath}.days.${i}`] = dayField(d.day);
  });
  const { fieldErrors, message } = splitApiError(
    failure,
    [...fields, 'time_zone', ...WEEKDAYS.map((_, day) => dayField(day))],
    { ...rename, ...hoursRename },
  );
  const entries = Object.entries(fieldErrors);
  if (entries.length > 0)
    form.setFields(
      entries.map(([name, errors]) => ({
        name: name.startsWith('days.') ? ['days', Number(name.split('.')[1]), 'to'] : name,
        errors,
      })),
    );
  return message;
}
