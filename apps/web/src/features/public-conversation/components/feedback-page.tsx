import { useState } from 'react';
import { Alert, Button, Form, Input, Rate, Result, Typography } from 'antd';
import { FEEDBACK_COMMENT_MAX_LENGTH, type FeedbackInfo } from '@parley/contracts';
import { asErrorPayload, genericErrorMessage } from '../../../lib/api-error';
import { isCanceledRequest } from '../../../lib/request';
import { publicConversationApi } from '../api/public-conversation-api';
import { PublicPageFrame, SignedLinkStatus } from './public-page-frame';
import { useSignedLink } from './use-signed-link';
import styles from './public-conversation.module.css';
import { t } from '@lingui/core/macro';

/** The five stars' words, in the active language. */
export const ratingLabels = () => [
  t`Very dissatisfied`,
  t`Dissatisfied`,
  t`Neutral`,
  t`Satisfied`,
  t`Very satisfied`,
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
  const ratings = ratingLabels();
  const { token, state } = useSignedLink<FeedbackInfo>(publicConversationApi.feedback);
  const [form] = Form.useForm<FeedbackValues>();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [thanked, setThanked] = useState<FeedbackInfo | null>(null);
  const chosen = Form.useWatch('rating', form);

  if (state.status !== 'ready')
    return <SignedLinkStatus state={state} invalidTitle={t`This feedback link does not work`} />;
  const info = state.data;
  const brand = info.brand_name;
  const subject = info.conversation.subject;

  if (thanked) {
    const stars = thanked.rating ?? 0;
    return (
      <PublicPageFrame brandName={info.brand_name}>
        <div className={styles.card}>
          <Result
            status="success"
            title={t`Thank you for your feedback!`}
            subTitle={t`You rated this conversation ${stars} out of 5. It helps ${brand} do better.`}
          />
        </div>
      </PublicPageFrame>
    );
  }

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
      setError(asErrorPayload(failure)?.message ?? genericErrorMessage());
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <PublicPageFrame brandName={info.brand_name}>
      <section className={styles.card} aria-label={t`Rate your conversation`}>
        <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
          {t`How did we do?`}
        </Typography.Title>
        <p className={styles.muted}>
          {subject
            ? t`Your conversation with ${brand} about “${subject}”.`
            : t`Your conversation with ${brand}.`}
          {info.rating !== null && ` ${t`You have rated it already; you can change your answer.`}`}
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
            label={t`Your rating`}
            // A validator rather than `required`: antd would put aria-required on the stars' list,
            // which that role does not allow (axe aria-allowed-attr).
            rules={[
              {
                validator: (_, value) =>
                  value
                    ? Promise.resolve()
                    : Promise.reject(new Error(t`Choose a rating from 1 to 5 stars.`)),
              },
            ]}
          >
            <Rate className={styles.stars} tooltips={ratings} aria-label={t`Your rating`} />
          </Form.Item>
          {chosen ? (
            <p className={styles.muted} aria-live="polite" style={{ marginTop: -16 }}>
              {t`${chosen} of 5`} · {ratings[chosen - 1]}
            </p>
          ) : null}
          <Form.Item name="comment" label={t`Anything you would like to tell us? (optional)`}>
            <Input.TextArea
              rows={4}
              maxLength={FEEDBACK_COMMENT_MAX_LENGTH}
              showCount
              aria-label={t`Comment`}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={submitting}>
            {t`Send feedback`}
          </Button>
        </Form>
      </section>
    </PublicPageFrame>
  );
}
