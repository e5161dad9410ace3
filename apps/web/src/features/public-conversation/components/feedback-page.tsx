import { useState } from 'react';
import { Alert, Button, Form, Input, Rate, Result, Typography } from 'antd';
import { FEEDBACK_COMMENT_MAX_LENGTH, type FeedbackInfo } from '@parley/contracts';
import { asErrorPayload, GENERIC_ERROR_MESSAGE } from '../../../lib/api-error';
import { isCanceledRequest } from '../../../lib/request';
import { publicConversationApi } from '../api/public-conversation-api';
import { PublicPageFrame, SignedLinkStatus } from './public-page-frame';
import { useSignedLink } from './use-signed-link';
import styles from './public-conversation.module.css';

export const RATING_LABELS = [
  'Very dissatisfied',
  'Dissatisfied',
  'Neutral',
  'Satisfied',
  'Very satisfied',
];

interface FeedbackValues {
  rating?: number;
  comment?: string;
}

/**
 * /feedback?token= ("Public feedback page": docs/product/screens.md): the customer rates a resolved conversation
 * (CSAT, 1–5 stars with an optional comment) by a signed link. This is not the agents' NPS survey
 * (/nps-form and the shell's `popup` flag): no sign-in, no realtime connection.
 */
export function FeedbackPage() {
  const { token, state } = useSignedLink<FeedbackInfo>(publicConversationApi.feedback);
  const [form] = Form.useForm<FeedbackValues>();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [thanked, setThanked] = useState<FeedbackInfo | null>(null);
  const chosen = Form.useWatch('rating', form);

  if (state.status !== 'ready')
    return <SignedLinkStatus state={state} invalidTitle="This feedback link does not work" />;
  const info = state.data;

  if (thanked)
    return (
      <PublicPageFrame brandName={info.brand_name}>
        <div className={styles.card}>
          <Result
            status="success"
            title="Thank you for your feedback!"
            subTitle={`You rated this conversation ${thanked.rating} out of 5. It helps ${info.brand_name} do better.`}
          />
        </div>
      </PublicPageFrame>
    );

  const onFinish = async (values: FeedbackValues) => {
    setSubmitting(true);
    setError(null);
    try {
      const comment = values.comment?.trim();
      const result = await publicConversationApi.rate({
        token,
        rating: values.rating ?? 0,
        ...(comment ? { comment } : {}),
      });
      if (!isCanceledRequest(result)) setThanked(result);
    } catch (failure) {
      setError(asErrorPayload(failure)?.message ?? GENERIC_ERROR_MESSAGE);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <PublicPageFrame brandName={info.brand_name}>
      <section className={styles.card} aria-label="Rate your conversation">
        <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
          How did we do?
        </Typography.Title>
        <p className={styles.muted}>
          {info.conversation.subject
            ? `Your conversation with ${info.brand_name} about “${info.conversation.subject}”.`
            : `Your conversation with ${info.brand_name}.`}
          {info.rating !== null && ' You have rated it already; you can change your answer.'}
        </p>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          initialValues={{ rating: info.rating ?? undefined, comment: info.comment ?? '' }}
        >
          <Form.Item
            name="rating"
            label="Your rating"
            // A validator rather than `required`: antd would put aria-required on the stars' list,
            // which that role does not allow (axe aria-allowed-attr).
            rules={[
              {
                validator: (_, value) =>
                  value
                    ? Promise.resolve()
                    : Promise.reject(new Error('Choose a rating from 1 to 5 stars.')),
              },
            ]}
          >
            <Rate className={styles.stars} tooltips={RATING_LABELS} aria-label="Your rating" />
          </Form.Item>
          {chosen ? (
            <p className={styles.muted} aria-live="polite" style={{ marginTop: -16 }}>
              {chosen} of 5 · {RATING_LABELS[chosen - 1]}
            </p>
          ) : null}
          <Form.Item name="comment" label="Anything you would like to tell us? (optional)">
            <Input.TextArea
              rows={4}
              maxLength={FEEDBACK_COMMENT_MAX_LENGTH}
              showCount
              aria-label="Comment"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={submitting}>
            Send feedback
          </Button>
        </Form>
      </section>
    </PublicPageFrame>
  );
}
