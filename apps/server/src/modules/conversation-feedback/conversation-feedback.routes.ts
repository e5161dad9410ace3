import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PUBLIC_CONVERSATION_API,
  feedbackBody,
  feedbackInfoResponse,
  transcriptResponse,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import {
  FEEDBACK_EMAIL_JOB,
  feedbackEmailJob,
  getFeedbackInfo,
  getTranscript,
  submitFeedback,
} from './conversation-feedback.service';

const tags = ['public pages'];
/** Signed links are the only credential here: limit guessing and scraping per client address. */
const publicRoute = { auth: 'public' as const, rateLimit: { max: 60, timeWindow: '1 minute' } };
const tokenQuery = z.object({ token: z.string().min(1).max(1000) });

/**
 * The customer's public pages: /transcript and /feedback by signed links, and the
 * feedback email sent when an agent closes a conversation.
 */
export const conversationFeedbackRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    deps.jobs.register(FEEDBACK_EMAIL_JOB, feedbackEmailJob(deps));

    app.get(
      PUBLIC_CONVERSATION_API.transcript,
      {
        config: publicRoute,
        schema: {
          tags,
          summary: 'A conversation as the customer saw it, by a signed transcript link',
          querystring: tokenQuery,
          response: { 200: transcriptResponse },
        },
      },
      async (request) => getTranscript(deps, request.query.token),
    );

    app.get(
      PUBLIC_CONVERSATION_API.feedback,
      {
        config: publicRoute,
        schema: {
          tags,
          summary: 'What a signed feedback link rates, and the rating already given',
          querystring: tokenQuery,
          response: { 200: feedbackInfoResponse },
        },
      },
      async (request) => getFeedbackInfo(deps, request.query.token),
    );

    app.post(
      PUBLIC_CONVERSATION_API.feedback,
      {
        config: publicRoute,
        schema: {
          tags,
          summary: 'Rate a resolved conversation (CSAT, 1–5 with an optional comment)',
          body: feedbackBody,
          response: { 200: feedbackInfoResponse },
        },
      },
      async (request) => submitFeedback(deps, request.body),
    );
  };
