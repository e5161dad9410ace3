import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meSchema, profileUpdateBody } from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { agentOf } from '../../plugins/auth';
import { sendStoredFile } from '../attachments/attachments.public';
import { findServedAvatar, verifyAvatarSignature } from './avatar.service';
import { getMe, updateProfile } from './me.service';

export const meRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dashboardapi/me',
      {
        config: { auth: 'agent' },
        schema: {
          tags: ['me'],
          summary: 'The current user in the current account (Me: docs/product/data.md)',
          response: { 200: meSchema },
        },
      },
      async (request) => {
        const { accountId, userId } = agentOf(request);
        return getMe(deps.db, { accountId, userId });
      },
    );

    app.patch(
      '/dashboardapi/me/profile',
      {
        config: { auth: 'agent' },
        schema: {
          tags: ['me'],
          summary:
            'Change your own name, profile picture (an uploaded image id, or null), colour and notification sound; answers the new Me',
          body: profileUpdateBody,
          response: { 200: meSchema },
        },
      },
      async (request) => updateProfile(deps, agentOf(request), request.body),
    );

    app.get(
      '/dashboardapi/avatars/:id/:sig',
      {
        // The signed link is the credential, so it works from <img src>.
        config: { auth: 'public' },
        schema: {
          tags: ['me'],
          summary: "A person's profile picture, by the link in Me.avatar / dc_users[].avatar",
          params: z.object({
            id: z.coerce.number().int().positive().max(2_147_483_647),
            sig: z.string().max(100),
          }),
        },
      },
      async (request, reply) => {
        const { id, sig } = request.params;
        if (!verifyAvatarSignature(deps, id, sig)) throw notFound('That picture was not found.');
        const row = await findServedAvatar(deps, id);
        if (!row) throw notFound('That picture was not found.');
        return sendStoredFile(deps, request, reply, {
          key: row.storageKey,
          notFound: 'That picture was not found.',
          headers: {
            'content-type': row.contentType,
            'x-content-type-options': 'nosniff',
            'content-security-policy': "default-src 'none'; sandbox",
            'cache-control': 'private, max-age=3600',
            'content-disposition': 'inline',
          },
        });
      },
    );
  };
