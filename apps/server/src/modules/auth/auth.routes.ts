import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authResponse,
  changePasswordBody,
  forgotPasswordBody,
  loginBody,
  okResponse,
  resetPasswordBody,
  signupBody,
} from '@parley/contracts';
import { clearSessionCookies, setSessionCookies } from '../../lib/cookies';
import type { Deps } from '../../lib/deps';
import { requestLanguages } from '../../lib/i18n';
import { sessionOf } from '../../plugins/auth';
import {
  changePassword,
  forgotPassword,
  login,
  logout,
  resetPassword,
  signup,
} from './auth.service';

const tags = ['auth'];

export const authRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // Login, signup and reset are rate-limited per client address (429 rate_limited).
    const rateLimit = { max: deps.config.authRateLimitPerMinute, timeWindow: '1 minute' };

    app.post(
      '/dashboardapi/auth/signup',
      {
        config: { auth: 'public', rateLimit },
        schema: {
          tags,
          summary: 'Create an account and its owner; sets the session cookies',
          body: signupBody,
          response: { 201: authResponse },
        },
      },
      async (request, reply) => {
        const session = await signup(deps, request.body);
        setSessionCookies(reply, deps.config, session);
        reply.status(201);
        return session.response;
      },
    );

    app.post(
      '/dashboardapi/auth/login',
      {
        config: { auth: 'public', rateLimit },
        schema: {
          tags,
          summary: 'Sign in; sets the session cookies',
          body: loginBody,
          response: { 200: authResponse },
        },
      },
      async (request, reply) => {
        const session = await login(deps, request.body);
        setSessionCookies(reply, deps.config, session);
        return session.response;
      },
    );

    app.post(
      '/dashboardapi/auth/logout',
      {
        config: { auth: 'agent', accountOptional: true, allowExpiredPassword: true },
        schema: { tags, summary: 'End this session', response: { 200: okResponse } },
      },
      async (request, reply) => {
        await logout(deps, sessionOf(request));
        clearSessionCookies(reply, deps.config);
        return { ok: true as const };
      },
    );

    app.post(
      '/dashboardapi/auth/password/forgot',
      {
        config: { auth: 'public', rateLimit },
        schema: {
          tags,
          summary: 'Email a reset link (answers the same for unknown emails)',
          body: forgotPasswordBody,
          response: { 200: okResponse },
        },
      },
      async (request) => {
        await forgotPassword(deps, request.body.email, requestLanguages(request.headers));
        return { ok: true as const };
      },
    );

    app.post(
      '/dashboardapi/auth/password/reset',
      {
        config: { auth: 'public', rateLimit },
        schema: {
          tags,
          summary: 'Set a new password with a reset token; ends every session',
          body: resetPasswordBody,
          response: { 200: okResponse },
        },
      },
      async (request) => {
        await resetPassword(deps, request.body);
        return { ok: true as const };
      },
    );

    app.post(
      '/dashboardapi/auth/password/change',
      {
        config: {
          auth: 'agent',
          accountOptional: true,
          allowExpiredPassword: true,
          // The current-password check is a password check too: limited per person, after auth.
          rateLimit: {
            ...rateLimit,
            hook: 'preHandler',
            keyGenerator: (request) => `password-change:${sessionOf(request).userId}`,
          },
        },
        schema: {
          tags,
          summary: 'Change the password; ends every other session and answers a new one',
          body: changePasswordBody,
          response: { 200: authResponse },
        },
      },
      async (request, reply) => {
        const session = await changePassword(deps, {
          userId: sessionOf(request).userId,
          tokenId: sessionOf(request).tokenId,
          accountId: request.agent?.accountId ?? null,
          currentPassword: request.body.current_password,
          newPassword: request.body.new_password,
        });
        setSessionCookies(reply, deps.config, session);
        return session.response;
      },
    );
  };
