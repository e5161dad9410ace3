import { useState } from 'react';
import { Button, Form, Input, Select } from 'antd';
import { CALLBACK_REASONS, CALLBACK_TIME_SLOTS, type Me } from '@parley/contracts';
import { AttachFilesButton, AttachmentList } from '../../../components/attachment-list';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useAttachmentUploads } from '../../../lib/use-attachment-uploads';
import { useRequestCallbackMutation } from '../api/shell-api';
import {
  CALLBACK_RULES,
  callbackBody,
  callbackMessages,
  type CallbackFormValues,
} from './callback-rules';
import { useGetBrandsQuery, workspaceStoreDomain } from './workspace-store';
import { t } from '@lingui/core/macro';

/** Read when shown, so each is in the active language. */
export const CALLBACK_FIELD_LABELS = {
  get customer_name() {
    return t`Full name`;
  },
  get contact_number() {
    return t`Contact number`;
  },
  get email_address() {
    return t`Email address`;
  },
  get best_time_to_call() {
    return t`Best time to call (IST)`;
  },
  get query_type() {
    return t`Reason for the call`;
  },
  get message() {
    return t`Your query (optional)`;
  },
};

/** docs/product/validation.md: the placeholder asks for the country code. */
export const contactNumberPlaceholder = () => t`Number with country code, e.g. +91 98765 43210`;
export const submitCallbackText = () => t`Request callback`;

const FIELDS = Object.keys(CALLBACK_FIELD_LABELS);
// i18n-ignore-next-line: a slot in India Standard Time, written the same in every language.
const timeOptions = CALLBACK_TIME_SLOTS.map((slot) => ({ value: slot, label: `${slot} IST` }));
const reasonOptions = CALLBACK_REASONS.map((reason) => ({ value: reason, label: reason }));

/**
 * Request Callback form of the help widget (docs/product/screens.md, docs/product/data.md, docs/product/validation.md): posted to /dashboardapi/widget/form/;
 * success and failure texts as toasts (docs/product/errors.md) (the success one success-styled: docs/ARCHITECTURE.md).
 * The body and every upload (`POST /attachment/?myshopify_domain=`) carry the
 * workspace's store, so files wait until the brands are known.
 */
export function CallbackForm({ me, onDone }: { me: Me | undefined; onDone: () => void }) {
  const [form] = Form.useForm<CallbackFormValues>();
  const [requestCallback, { isLoading }] = useRequestCallbackMutation();
  const { data: brands, isLoading: brandsLoading } = useGetBrandsQuery();
  const shop = workspaceStoreDomain(brands);
  const uploads = useAttachmentUploads(shop ? { myshopifyDomain: shop } : {});
  const [fileProblem, setFileProblem] = useState<string | null>(null);

  const submit = async (values: CallbackFormValues) => {
    if (isLoading) return;
    // docs/product/validation.md: while uploads run the form says so and does not submit.
    if (uploads.uploading) {
      setFileProblem(callbackMessages.stillUploading);
      return;
    }
    setFileProblem(null);
    try {
      await requestCallback(
        callbackBody(values, {
          attachments: uploads.ids,
          submissionUrl: window.location.href,
          myshopifyDomain: shop,
        }),
      ).unwrap();
    } catch (failure) {
      toast.error(callbackMessages.failure);
      applyApiErrorToForm(form, failure, FIELDS);
      return;
    }
    toast.success(callbackMessages.success);
    form.resetFields();
    uploads.reset();
    onDone();
  };

  return (
    <Form<CallbackFormValues>
      form={form}
      name="help-callback"
      layout="vertical"
      aria-label={t`Request Callback`}
      initialValues={{ customer_name: me?.name ?? '', email_address: me?.email ?? '' }}
      onFinish={(values) => void submit(values)}
      disabled={isLoading}
    >
      <Form.Item
        name="customer_name"
        label={CALLBACK_FIELD_LABELS.customer_name}
        rules={CALLBACK_RULES.customer_name}
      >
        <Input autoComplete="name" maxLength={200} />
      </Form.Item>
      <Form.Item
        name="contact_number"
        label={CALLBACK_FIELD_LABELS.contact_number}
        rules={CALLBACK_RULES.contact_number}
      >
        <Input
          type="tel"
          autoComplete="tel"
          placeholder={contactNumberPlaceholder()}
          maxLength={40}
        />
      </Form.Item>
      <Form.Item
        name="email_address"
        label={CALLBACK_FIELD_LABELS.email_address}
        rules={CALLBACK_RULES.email_address}
      >
        <Input type="email" autoComplete="email" maxLength={254} />
      </Form.Item>
      <Form.Item
        name="best_time_to_call"
        label={CALLBACK_FIELD_LABELS.best_time_to_call}
        rules={CALLBACK_RULES.best_time_to_call}
      >
        <Select options={timeOptions} placeholder={t`Choose a time slot`} />
      </Form.Item>
      <Form.Item
        name="query_type"
        label={CALLBACK_FIELD_LABELS.query_type}
        rules={CALLBACK_RULES.query_type}
      >
        <Select options={reasonOptions} placeholder={t`Choose a reason`} />
      </Form.Item>
      <Form.Item
        name="message"
        label={CALLBACK_FIELD_LABELS.message}
        rules={CALLBACK_RULES.message}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={5000} />
      </Form.Item>
      <div style={{ marginBottom: 16 }}>
        <AttachFilesButton
          disabled={isLoading || brandsLoading}
          onFiles={(files) => setFileProblem(uploads.add(files))}
        />
        <AttachmentList items={uploads.items} onRemove={uploads.remove} disabled={isLoading} />
        {fileProblem && (
          <div
            role="alert"
            style={{ color: 'var(--parley-color-error)', fontSize: 13, marginTop: 6 }}
          >
            {fileProblem}
          </div>
        )}
      </div>
      <Button type="primary" htmlType="submit" block loading={isLoading || brandsLoading}>
        {submitCallbackText()}
      </Button>
    </Form>
  );
}
