import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NPS_PATHS,
  npsRateBody,
  npsRateResponse,
  npsShowPopupQuery,
  npsShowPopupResponse,
  npsSubmitBody,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { agentOf } from '../../plugins/auth';
import { rate, showPopup, submit } from './nps.service';

const tags = ['survey'];

export const npsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      NPS_PATHS.showPopup,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'docs/product/api.md: the primary question of a survey milestone',
          querystring: npsShowPopupQuery,
          response: { 200: npsShowPopupResponse },
        },
      },
      async (request) => showPopup(deps, agentOf(request), request.query.milestone_id),
    );

    app.post(
      NPS_PATHS.rate,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'docs/product/api.md: store the star rating, answer the follow-up questions',
          body: npsRateBody,
          response: { 200: npsRateResponse },
        },
      },
      async (request) => rate(deps, agentOf(request), request.body),
    );

    app.post(
      NPS_PATHS.submit,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'docs/product/api.md: the follow-up answers; completes the milestone',
          body: npsSubmitBody,
          response: { 200: z.object({ ok: z.literal(true) }) },
        },
      },
      async (request) => submit(deps, agentOf(request), request.body),
    );
  };
