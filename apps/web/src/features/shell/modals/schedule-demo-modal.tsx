import { useState } from 'react';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { formatShortDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useRequestDemoMutation } from '../api/shell-api';
import { t } from '@lingui/core/macro';

interface DemoForm {
  slot: string;
  phone?: string;
  notes?: string;
}

/** The browser's IANA time zone, sent with the slot so the team calls at the right hour. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** docs/product/screens.md: schedule a demo — POST /dashboardapi/demo-requests {slot, timezone, phone?, notes?}. */
export function ScheduleDemoModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<DemoForm>();
  const [requestDemo, { isLoading }] = useRequestDemoMutation();
  const [error, setError] = useState<string | null>(null);
  const timezone = browserTimeZone();

  const onFinish = async ({ slot, phone, notes }: DemoForm) => {
    setError(null);
    const at = dayjs(slot);
    try {
      await requestDemo({
        slot: at.toISOString(),
        timezone,
        phone: phone?.trim() || null,
        notes: notes?.trim() || null,
      }).unwrap();
      form.resetFields();
      onClose();
      const when = formatShortDateTime(at.toDate());
      toast.success(t`Demo requested`, t`We will get in touch to confirm ${when}.`);
    } catch (failure) {
      setError(applyApiErrorToForm(form, failure, ['slot', 'phone', 'notes']));
    }
  };

  return (
    <Modal
      title={t`Schedule a demo`}
      open={open}
      onCancel={onClose}
      okText={t`Request demo`}
      onOk={() => form.submit()}
      confirmLoading={isLoading}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {t`Pick a time that suits you and our team will walk you through the product. Times are in your time zone (${timezone}).`}
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form form={form} name="schedule-demo" layout="vertical" onFinish={onFinish}>
        <Form.Item
          label={t`Day and time`}
          name="slot"
          rules={[
            { required: true, message: t`Choose a day and time for the demo.` },
            {
              validator: async (_, value: string | undefined) => {
                if (value && !dayjs(value).isAfter(dayjs())) {
                  throw new Error('Choose a time in the future.');
                }
              },
            },
          ]}
        >
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item label={t`Phone (optional)`} name="phone">
          <Input placeholder="+1 555 010 2030" maxLength={40} />
        </Form.Item>
        <Form.Item label={t`What would you like to see? (optional)`} name="notes">
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
