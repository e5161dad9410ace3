import { useState } from 'react';
import { Alert, Button, Card, Flex, Form, Skeleton, theme } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { AccountBusinessHours, BusinessHoursSettings } from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import {
  applyApiErrorWithBusinessHours,
  BUSINESS_HOURS_MESSAGES,
  BusinessHoursEditor,
  businessHoursFromForm,
  businessHoursToForm,
  hasNoOpenDay,
  type BusinessHoursValues,
} from '../../../components/business-hours-editor';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../lib/toast';
import { useGetBusinessHoursQuery, useSaveBusinessHoursMutation } from '../api/business-hours-api';
import { HolidayList } from './holiday-list';
import { LoadErrorAlert } from '../../../components/load-error-alert';

interface FormValues extends BusinessHoursValues {
  holidays: string[];
}

export const businessHoursSavedMessage = () => t`Business hours saved`;

function toForm({ business_hours: hours }: BusinessHoursSettings): FormValues {
  return { ...businessHoursToForm(hours), holidays: hours?.holidays ?? [] };
}

/** The body to PUT: "Always open" is round the clock (null), with no holidays to keep. */
function fromForm(v: FormValues): AccountBusinessHours | null {
  const hours = businessHoursFromForm(v);
  return hours && { ...hours, holidays: [...v.holidays].sort() };
}

/** The API's paths of the holidays (`business_hours.holidays.{i}`), under the holiday list. */
function holidayPaths(sent: AccountBusinessHours | null): Record<string, string> {
  const rename: Record<string, string> = { 'business_hours.holidays': 'holidays' };
  sent?.holidays.forEach((_, i) => {
    rename[`business_hours.holidays.${i}`] = 'holidays';
  });
  return rename;
}

function HoursForm({ saved, canManage }: { saved: BusinessHoursSettings; canManage: boolean }) {
  const { token } = theme.useToken();
  const [form] = Form.useForm<FormValues>();
  const [save, { isLoading: saving }] = useSaveBusinessHoursMutation();
  const [error, setError] = useState<string | null>(null);
  const hours = Form.useWatch('hours', form) as FormValues['hours'] | undefined;

  const onFinish = async () => {
    setError(null);
    // Every value, also of the parts hidden now (the days and holidays while always open).
    const sent = fromForm(form.getFieldsValue(true) as FormValues);
    if (hasNoOpenDay(sent)) {
      setError(BUSINESS_HOURS_MESSAGES.noOpenDay);
      return;
    }
    try {
      await save({ business_hours: sent }).unwrap();
      toast.success(businessHoursSavedMessage());
    } catch (failure) {
      setError(
        applyApiErrorWithBusinessHours(
          form,
          failure,
          ['holidays'],
          holidayPaths(sent),
          'business_hours',
          sent,
        ),
      );
    }
  };

  return (
    <Card variant="borderless">
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: token.marginMD }} />
      )}
      <Form<FormValues>
        form={form}
        name="business-hours"
        aria-label={t`Business hours`}
        layout="vertical"
        requiredMark={false}
        initialValues={toForm(saved)}
        disabled={!canManage}
        onFinish={onFinish}
      >
        <BusinessHoursEditor
          label={t`When your team works`}
          extra={t`“Always open”: SLA clocks count round the clock, every day of the year.`}
        />
        {hours === 'set' && (
          <Form.Item
            label={t`Holidays`}
            name="holidays"
            extra={t`Days off, whatever the weekday: SLA clocks in business hours do not count them.`}
          >
            <HolidayList disabled={!canManage} />
          </Form.Item>
        )}
        {canManage && (
          <Flex gap={token.marginXS} wrap>
            <Button type="primary" htmlType="submit" loading={saving}>
              <Trans>Save business hours</Trans>
            </Button>
            <Button
              htmlType="button"
              onClick={() => {
                setError(null);
                form.resetFields();
              }}
            >
              <Trans>Discard changes</Trans>
            </Button>
          </Flex>
        )}
      </Form>
    </Card>
  );
}

/**
 * /settings/business-hours: the hours the team works, in its time zone, and its holidays
 * (docs/product/sla.md). SLA policies counted in business hours count only this time. Owners and
 * admins change them; agents see them.
 */
export function BusinessHoursPage() {
  const { data, isLoading, error, refetch } = useGetBusinessHoursQuery();
  const me = useAppSelector((state) => state.auth.me);
  const canManage = me ? me.permission_level !== 'agent' : false;
  return (
    <div style={{ maxWidth: 880 }}>
      <PageHeader
        title={t`Business hours`}
        description={t`The hours your team works, in its time zone, and the days it is closed. SLA policies counted in business hours count only this time.`}
      />
      {!canManage && me && (
        <Alert
          type="info"
          showIcon
          title={t`Only owners and admins can change the business hours.`}
          style={{ marginBottom: 16 }}
        />
      )}
      {error && (
        <LoadErrorAlert
          error={error}
          fallback={t`The business hours could not be loaded.`}
          onRetry={refetch}
        />
      )}
      {isLoading && <Skeleton active />}
      {/* Keyed by what is saved: a save (or another admin's, refetched) shows afresh. */}
      {data && <HoursForm key={JSON.stringify(data)} saved={data} canManage={canManage} />}
    </div>
  );
}
