import type {
  NpsFollowUpQuestion,
  NpsRateResponse,
  NpsShowPopupResponse,
  NpsSubmitBody,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { AgentContext } from '../../lib/http-types';
import {
  activeQuestions,
  findFeedback,
  findMilestone,
  optionsOf,
  saveResponses,
  upsertRating,
} from './nps.queries';

type Milestone = NonNullable<Awaited<ReturnType<typeof findMilestone>>>;

function statusOf(m: Milestone | null, now: number) {
  if (!m) return 'not_found' as const;
  if (m.completedAt) return 'completed' as const;
  if (m.startsAt.getTime() > now || m.expiresAt.getTime() <= now) return 'expired' as const;
  return 'open' as const;
}

const withProduct = (deps: Deps, text: string) =>
  text.replaceAll('{product}', deps.config.productName);

/** show-nps-popup (docs/product/api.md): the primary question of an open milestone, or why there is none. */
export async function showPopup(
  deps: Deps,
  agent: AgentContext,
  milestoneId: number,
): Promise<NpsShowPopupResponse> {
  const milestone = await findMilestone(deps.db, agent, milestoneId);
  const status = statusOf(milestone, Date.now());
  const primary = (await activeQuestions(deps.db)).find((q) => q.primaryQuestion);
  if (status !== 'open' || !primary)
    return {
      data: { milestone_status: primary ? status : 'not_found', milestone_primary_question: null },
    };
  return {
    data: {
      milestone_status: 'open',
      milestone_primary_question: {
        id: primary.id,
        primary_question: true,
        text: withProduct(deps, primary.text),
        description: primary.description,
        rating_star: null,
      },
    },
  };
}

async function openMilestone(deps: Deps, agent: AgentContext, milestoneId: number) {
  const milestone = await findMilestone(deps.db, agent, milestoneId);
  const status = statusOf(milestone, Date.now());
  if (status === 'not_found') throw notFound('That survey was not found.');
  if (status === 'completed') throw conflict('Your feedback has been recorded!');
  if (status === 'expired') throw conflict('This feedback form has expired!');
  return milestone!;
}

async function followUps(deps: Deps): Promise<NpsFollowUpQuestion[]> {
  const questions = (await activeQuestions(deps.db)).filter((q) => !q.primaryQuestion);
  const options = await optionsOf(
    deps.db,
    questions.map((q) => q.id),
  );
  return questions.map((q) => ({
    id: q.id,
    text: withProduct(deps, q.text),
    description: q.description,
    primary_question: false,
    has_other_option: q.hasOtherOption,
    other_option_prompt: q.otherOptionPrompt,
    answer_options: options
      .filter((o) => o.questionId === q.id)
      .map((o) => ({ id: o.id, text: o.text })),
  }));
}

/** update-and-get-follow-up (docs/product/api.md): stores (or changes) the rating, answers the follow-ups. */
export async function rate(
  deps: Deps,
  agent: AgentContext,
  body: { rating_star: string; milestone_id: number },
): Promise<NpsRateResponse> {
  const milestone = await openMilestone(deps, agent, body.milestone_id);
  const stars = Number(body.rating_star.replace('star', ''));
  const id = await upsertRating(deps.db, agent, milestone.id, stars);
  return { nps_feedback_id: id, follow_up_questions: await followUps(deps) };
}

/**
 * submit-final (docs/product/api.md): the follow-up answers; completes the milestone, so Me then says
 * milestone_completed and hides the survey and its float button (docs/product/states.md).
 */
export async function submit(deps: Deps, agent: AgentContext, body: NpsSubmitBody) {
  const feedback = await findFeedback(deps.db, agent, body.nps_feedback_id);
  if (!feedback) throw notFound('That survey answer was not found.');
  await openMilestone(deps, agent, feedback.milestoneId);
  const questions = await followUps(deps);
  const byId = new Map(questions.map((q) => [q.id, q]));
  const seen = new Set<number>();
  const responses = body.responses.map((r, i) => {
    const q = byId.get(r.question_id);
    if (!q || seen.has(r.question_id))
      throw badRequest('One of the answers is for a question that is not in this survey.', {
        [`responses.${i}.question_id`]: 'Unknown or repeated question.',
      });
    seen.add(r.question_id);
    const allowed = new Set(q.answer_options.map((o) => o.id));
    if (r.selected_option_ids.some((o) => !allowed.has(o)))
      throw badRequest('One of the chosen answers does not belong to its question.', {
        [`responses.${i}.selected_option_ids`]: 'Unknown option.',
      });
    const otherText = r.other_text ? r.other_text : null;
    if (otherText && !q.has_other_option)
      throw badRequest('That question has no "other" answer.', {
        [`responses.${i}.other_text`]: 'Not allowed.',
      });
    return { questionId: q.id, selectedOptionIds: [...new Set(r.selected_option_ids)], otherText };
  });
  // docs/product/validation.md: only questions with a ticked option or other text count as answered.
  const answered = responses.filter((r) => r.selectedOptionIds.length > 0 || r.otherText);
  await saveResponses(deps.db, feedback, answered, new Date());
  return { ok: true as const };
}
