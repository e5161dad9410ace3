import { asc, desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEMO_REQUESTS_PATH,
  HELP_WIDGET_CONFIG_PATH,
  RELEASE_NOTES_PATH,
  helpWidgetConfigResponse,
  demoRequestBody,
  demoRequestResponse,
  releaseNoteSchema,
} from '@parley/contracts';
import { demoRequests, releaseNotes } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { badRequest } from '../../lib/errors';
import { agentOf } from '../../plugins/auth';

const tags = ['shell'];

export const shellRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      RELEASE_NOTES_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Release notes for the shell’s modal, newest first',
          response: { 200: z.object({ items: z.array(releaseNoteSchema) }) },
        },
      },
      async () => {
        const rows = await deps.db
          .select()
          .from(releaseNotes)
          .orderBy(desc(releaseNotes.releasedOn), asc(releaseNotes.id));
        return {
          items: rows.map((r) => ({
            id: r.id,
            released_on: r.releasedOn,
            title: r.title,
            body: r.body,
            tag: r.tag,
          })),
        };
      },
    );

    app.get(
      HELP_WIDGET_CONFIG_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Where the help widget panel’s embedded live chat lives (null: menu only)',
          response: { 200: helpWidgetConfigResponse },
        },
      },
      async () => ({ frame_url: deps.config.helpWidgetUrl }),
    );

    app.post(
      DEMO_REQUESTS_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Ask the operator for a product demo at a chosen time',
          body: demoRequestBody,
          response: { 201: demoRequestResponse },
        },
      },
      async (request, reply) => {
        const agent = agentOf(request);
        const slot = new Date(request.body.slot);
        if (slot.getTime() < Date.now())
          throw badRequest('Choose a time in the future.', { slot: 'In the past.' });
        const [row] = await deps.db
          .insert(demoRequests)
          .values({
            accountId: agent.accountId,
            userId: agent.userId,
            slot,
            timezone: request.body.timezone,
            phone: request.body.phone ?? null,
            notes: request.body.notes ?? null,
          })
          .returning();
        reply.status(201);
        return {
          id: row!.id,
          slot: row!.slot.toISOString(),
          timezone: row!.timezone,
          status: row!.status,
        };
      },
    );
  };
