import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MACROS_PATH,
  macro,
  macroBody,
  macroList,
  macroParams,
  macroPatch,
  macroRunParams,
  macroRunResult,
  okResponse,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { agentOf } from '../../plugins/auth';
import { createMacro, deleteMacro, listMacros, runMacro, updateMacro } from './macros.service';

const tags = ['macros'];

export const macrosRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      MACROS_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'The account’s shared macros and the caller’s personal ones, in order',
          response: { 200: macroList },
        },
      },
      async (request) => listMacros(deps, agentOf(request)),
    );

    app.post(
      MACROS_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Create a macro (shared ones: owners and admins)',
          body: macroBody,
          response: { 201: macro },
        },
      },
      async (request, reply) => {
        const created = await createMacro(deps, agentOf(request), request.body);
        return reply.code(201).send(created);
      },
    );

    app.patch(
      `${MACROS_PATH}/:id`,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Change a macro (shared: owners and admins; personal: its owner)',
          params: macroParams,
          body: macroPatch,
          response: { 200: macro },
        },
      },
      async (request) => updateMacro(deps, agentOf(request), request.params.id, request.body),
    );

    app.delete(
      `${MACROS_PATH}/:id`,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Delete a macro (shared: owners and admins; personal: its owner)',
          params: macroParams,
          response: { 200: okResponse },
        },
      },
      async (request) => {
        await deleteMacro(deps, agentOf(request), request.params.id);
        return { ok: true as const };
      },
    );

    app.post(
      '/dashboardapi/conversations/:id/macros/:macroId/run',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Run a macro on a conversation now, as the caller',
          params: macroRunParams,
          response: { 200: macroRunResult },
        },
      },
      async (request) =>
        runMacro(deps, agentOf(request), request.params.id, request.params.macroId),
    );
  };
