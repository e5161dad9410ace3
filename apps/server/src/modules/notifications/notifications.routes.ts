import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  markNotificationsReadBody,
  markNotificationsReadResponse,
  NOTIFICATION_PREFERENCES_PATH,
  notificationPreferencesSchema,
  notificationPreferencesUpdate,
  NOTIFICATIONS_PATH,
  NOTIFICATIONS_READ_PATH,
  notificationsPage,
  notificationsQuery,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { agentOf } from '../../plugins/auth';
import { registerNotificationsRealtime } from './notifications.realtime';
import {
  getNotificationPreferences,
  listNotifications,
  markNotificationsRead,
  startNotificationListeners,
  updateNotificationPreferences,
} from './notifications.service';

const tags = ['notifications'];

export const notificationsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    registerNotificationsRealtime(app.realtime);
    const stop = startNotificationListeners(deps, (err) =>
      app.log.error({ err }, 'notifications: making a notification failed'),
    );
    app.addHook('onClose', stop);

    app.get(
      NOTIFICATIONS_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Your notifications, newest first, 30 a page (pass next_cursor as cursor)',
          querystring: notificationsQuery,
          response: { 200: notificationsPage },
        },
      },
      async (request) => listNotifications(deps, agentOf(request), request.query.cursor),
    );

    app.post(
      NOTIFICATIONS_READ_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            'Mark your notifications read: {ids} (others’ ids are ignored), {conversation_id} (the conversation you opened) or {all: true}',
          body: markNotificationsReadBody,
          response: { 200: markNotificationsReadResponse },
        },
      },
      async (request) => markNotificationsRead(deps, agentOf(request), request.body),
    );

    app.get(
      NOTIFICATION_PREFERENCES_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Which notification kinds reach you in the app and as desktop notifications',
          response: { 200: notificationPreferencesSchema },
        },
      },
      async (request) => getNotificationPreferences(deps, agentOf(request)),
    );

    app.patch(
      NOTIFICATION_PREFERENCES_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Turn notification kinds on or off, in the app or as desktop notifications',
          body: notificationPreferencesUpdate,
          response: { 200: notificationPreferencesSchema },
        },
      },
      async (request) => updateNotificationPreferences(deps, agentOf(request), request.body),
    );
  };
