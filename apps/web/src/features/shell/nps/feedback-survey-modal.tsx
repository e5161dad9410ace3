import { useEffect, useState } from 'react';
import { Button, Checkbox, Input, Modal, Rate, Spin, Typography } from 'antd';
import type { NpsFollowUpQuestion, NpsSubmitBody } from '@parley/contracts';
import { asErrorPayload } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import {
  useNpsRateMutation,
  useNpsShowPopupQuery,
  useNpsSubmitMutation,
  type NpsRateArgs,
} from '../api/shell-api';
import { SURVEY_TEXTS, SURVEY_WIDTH } from './survey-texts';
import { t } from '@lingui/core/macro';

interface Answer {
  selected: number[];
  other: boolean;
  otherText: string;
}

type Step =
  | { kind: 'rating' }
  | { kind: 'follow-up'; index: number }
  | { kind: 'message'; text: string }
  | { kind: 'thanks' };

const EMPTY_ANSWER: Answer = { selected: [], other: false, otherText: '' };
const OTHER = -1;

/** The 409 answers of the survey calls carry one of these two texts (docs/product/states.md). */
function milestoneMessage(error: unknown): string | null {
  const payload = asErrorPayload(error);
  if (payload?.status !== 409) return null;
  return payload.message === SURVEY_TEXTS.recorded || payload.message === SURVEY_TEXTS.expired
    ? payload.message
    : null;
}

/**
 * docs/product/validation.md: only non-primary questions with a ticked option or non-empty other text are sent;
 * the other text apart from the option ids.
 */
export function surveyResponses(
  questions: NpsFollowUpQuestion[],
  answers: Record<number, Answer>,
): NpsSubmitBody['responses'] {
  return questions.flatMap((question) => {
    const answer = answers[question.id] ?? EMPTY_ANSWER;
    const otherText = question.has_other_option && answer.other ? answer.otherText.trim() : '';
    if (answer.selected.length === 0 && !otherText) return [];
    return [
      {
        question_id: question.id,
        selected_option_ids: answer.selected,
        other_text: otherText || null,
      },
    ];
  });
}

export function MessagePanel({ text }: { text: string }) {
  return (
    <div style={{ textAlign: 'center', padding: '24px 0 8px' }}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {text}
      </Typography.Title>
      <Typography.Text type="secondary">{SURVEY_TEXTS.reachOut}</Typography.Text>
    </div>
  );
}

interface SurveyProps {
  milestoneId: number;
  fromMeApi: boolean;
  onClose: () => void;
  onSubmitted: () => void;
}

/** The survey's steps, in the modal or on the /nps-form page. */
export function Survey({ milestoneId, fromMeApi, onClose, onSubmitted }: SurveyProps) {
  // As Me said when the survey opened: the submit changes Me, not this survey's question.
  const [source] = useState(fromMeApi ? ('me_api' as const) : undefined);
  const popup = useNpsShowPopupQuery(
    { milestone_id: milestoneId, ...(source ? { source } : {}) },
    { refetchOnMountOrArgChange: true },
  );
  const [rate, rating] = useNpsRateMutation();
  const [submit, submission] = useNpsSubmitMutation();
  const [stars, setStars] = useState(0);
  const [step, setStep] = useState<Step>({ kind: 'rating' });
  const [feedbackId, setFeedbackId] = useState<number | null>(null);
  const [questions, setQuestions] = useState<NpsFollowUpQuestion[]>([]);
  const [answers, setAnswers] = useState<Record<number, Answer>>({});

  // docs/product/errors.md: failing to fetch the first question is a toast, and the survey goes away.
  useEffect(() => {
    if (!popup.isError) return;
    toast.error(SURVEY_TEXTS.loadFailed);
    onClose();
  }, [popup.isError, onClose]);

  const send = async (id: number, chosen: NpsFollowUpQuestion[]) => {
    try {
      await submit({ nps_feedback_id: id, responses: surveyResponses(chosen, answers) }).unwrap();
      setStep({ kind: 'thanks' });
      onSubmitted();
    } catch (error) {
      const text = milestoneMessage(error);
      if (text) {
        setStep({ kind: 'message', text });
        return;
      }
      toast.error(SURVEY_TEXTS.submitFailed);
      onClose();
    }
  };

  const next = async () => {
    if (stars < 1) return;
    try {
      const result = await rate({
        rating_star: `star${stars}` as NpsRateArgs['rating_star'],
        milestone_id: milestoneId,
      }).unwrap();
      setFeedbackId(result.nps_feedback_id);
      setQuestions(result.follow_up_questions);
      if (result.follow_up_questions.length === 0) await send(result.nps_feedback_id, []);
      else setStep({ kind: 'follow-up', index: 0 });
    } catch (error) {
      const text = milestoneMessage(error);
      if (text) setStep({ kind: 'message', text });
      else toast.error(SURVEY_TEXTS.rateFailed);
    }
  };

  if (popup.isLoading || popup.isFetching || popup.isError) {
    return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  }
  const data = popup.data;
  if (step.kind === 'message') return <MessagePanel text={step.text} />;
  if (step.kind === 'thanks') return <MessagePanel text={SURVEY_TEXTS.thanks} />;
  if (data?.milestone_status === 'completed') return <MessagePanel text={SURVEY_TEXTS.recorded} />;
  const primary = data?.milestone_primary_question;
  if (!data || data.milestone_status !== 'open' || !primary) {
    return <MessagePanel text={SURVEY_TEXTS.expired} />;
  }

  if (step.kind === 'rating') {
    return (
      <div>
        <Typography.Paragraph type="secondary">{SURVEY_TEXTS.promise}</Typography.Paragraph>
        <Typography.Title level={5} id="nps-primary-question" style={{ marginTop: 0 }}>
          {primary.text}
        </Typography.Title>
        {primary.description && <Typography.Paragraph>{primary.description}</Typography.Paragraph>}
        <div role="group" aria-labelledby="nps-primary-question" style={{ margin: '16px 0 24px' }}>
          <Rate count={5} value={stars} onChange={setStars} style={{ fontSize: 32 }} />
        </div>
        {stars > 0 && (
          <div style={{ textAlign: 'end' }}>
            <Button type="primary" loading={rating.isLoading} onClick={() => void next()}>
              {t`Next`}
            </Button>
          </div>
        )}
      </div>
    );
  }

  const question = questions[step.index];
  if (!question || feedbackId === null) return <MessagePanel text={SURVEY_TEXTS.expired} />;
  const answer = answers[question.id] ?? EMPTY_ANSWER;
  const setAnswer = (patch: Partial<Answer>) =>
    setAnswers((all) => ({ ...all, [question.id]: { ...answer, ...patch } }));
  const isLast = step.index === questions.length - 1;
  const stepNumber = step.index + 1;
  const stepCount = questions.length;
  const options = question.answer_options.map((option) => ({
    label: option.text,
    value: option.id,
  }));
  if (question.has_other_option) options.push({ label: t`Other`, value: OTHER });
  const checked = answer.other ? [...answer.selected, OTHER] : answer.selected;

  return (
    <div>
      <Typography.Text type="secondary">{t`Step ${stepNumber} of ${stepCount}`}</Typography.Text>
      <Typography.Title level={5} id={`nps-question-${question.id}`} style={{ marginTop: 8 }}>
        {question.text}
      </Typography.Title>
      {question.description && <Typography.Paragraph>{question.description}</Typography.Paragraph>}
      <div role="group" aria-labelledby={`nps-question-${question.id}`}>
        <Checkbox.Group
          value={checked}
          onChange={(values) =>
            setAnswer({
              selected: values.filter((v) => v !== OTHER),
              other: values.includes(OTHER),
            })
          }
          options={options}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        />
      </div>
      {answer.other && (
        <Input.TextArea
          aria-label={question.other_option_prompt ?? t`Tell us more`}
          placeholder={question.other_option_prompt ?? t`Tell us more`}
          value={answer.otherText}
          onChange={(event) => setAnswer({ otherText: event.target.value })}
          maxLength={2000}
          rows={3}
          style={{ marginTop: 12 }}
        />
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 24 }}>
        <Button
          onClick={() =>
            setStep(
              step.index === 0 ? { kind: 'rating' } : { kind: 'follow-up', index: step.index - 1 },
            )
          }
        >
          {t`Previous`}
        </Button>
        {isLast ? (
          <Button
            type="primary"
            loading={submission.isLoading}
            onClick={() => void send(feedbackId, questions)}
          >
            {t`Submit`}
          </Button>
        ) : (
          <Button
            type="primary"
            onClick={() => setStep({ kind: 'follow-up', index: step.index + 1 })}
          >
            {t`Next`}
          </Button>
        )}
      </div>
    </div>
  );
}

interface FeedbackSurveyModalProps {
  open: boolean;
  /** Me's milestone; without one the form has expired (docs/product/states.md). */
  milestoneId: number | null;
  /** Me says show_nps_milestone: the first call adds source=me_api (docs/product/api.md). */
  fromMeApi: boolean;
  onClose: () => void;
  onSubmitted: () => void;
}

/** docs/product/screens.md, docs/product/states.md: the feedback survey, 'Help us improve {product}.', 627 wide. */
export function FeedbackSurveyModal({
  open,
  milestoneId,
  fromMeApi,
  onClose,
  onSubmitted,
}: FeedbackSurveyModalProps) {
  return (
    <Modal
      title={SURVEY_TEXTS.title}
      width={SURVEY_WIDTH}
      open={open}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {open &&
        (milestoneId === null ? (
          <MessagePanel text={SURVEY_TEXTS.expired} />
        ) : (
          <Survey
            milestoneId={milestoneId}
            fromMeApi={fromMeApi}
            onClose={onClose}
            onSubmitted={onSubmitted}
          />
        ))}
    </Modal>
  );
}
