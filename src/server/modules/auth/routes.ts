/** /api/auth: sign-in, logout, password change, one-time password links and email confirmation. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminLoginBody,
  changePasswordBody,
  confirmEmailBody,
  employeeLoginBody,
  forgotPasswordBody,
  loginResponse,
  setPasswordBody,
} from '../../../shared/schemas/auth';
import { msgResponse } from '../../../shared/schemas/common';
import { ACCOUNT_MSG, SERVER_MSG } from '../../../shared/messages';
import { z } from 'zod';
import { callerOf } from '../../auth/guard';
import type { ModuleOptions } from '../../context';
import { HttpError, unauthorized } from '../../errors';
import { createAuthService } from './auth-service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public auth route: counts against the client's one shared auth budget. */
    authBudget?: boolean;
  }
}

export const authRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const auth = createAuthService(ctx);

  // One budget per client (60 a minute, in the database so all instances share it) over every public
  // auth route together: scrypt is deliberately expensive and the routes mail people, so a flood of
  // them is a cheap way to burn the CPU or spam. Before this each route had its own 60, i.e. 4 x 60.
  app.addHook('onRequest', async (req, reply) => {
    if (!req.routeOptions.config?.authBudget) return;
    // Sign-in answers carry a session token; no cache may keep them.
    reply.header('cache-control', 'no-store');
    const wait = await ctx.throttle.spendBudget(req.ip);
    if (wait > 0) throw new HttpError(429, ACCOUNT_MSG.tooManyRequests(wait), { 'retry-after': String(wait) });
  });

  app.post('/admin-login', {
    config: { roles: 'public', authBudget: true },
    schema: { tags: ['auth'], summary: 'Admin sign-in', body: adminLoginBody, response: { 200: loginResponse } },
    handler: (req) => auth.login({ ...req.body, role: 'admin', ip: req.ip }),
  });

  app.post('/employee-login', {
    config: { roles: 'public', authBudget: true },
    schema: { tags: ['auth'], summary: 'Employee sign-in', body: employeeLoginBody, response: { 200: loginResponse } },
    handler: (req) => auth.login({ ...req.body, role: 'employee', ip: req.ip }),
  });

  app.post('/logout', {
    config: { roles: ['admin', 'employee'], formerEmployee: true },
    schema: {
      tags: ['auth'],
      summary: 'End the presented session token on the server (it answers 401 from now on); no body',
      response: { 200: msgResponse },
    },
    handler: (req) => {
      if (!req.session) throw unauthorized(ACCOUNT_MSG.loggedOut);
      return auth.logout(req.session);
    },
  });

  app.put('/change-password', {
    config: { roles: ['admin', 'employee'] },
    schema: {
      tags: ['auth'],
      summary: "Change the signed-in person's own password (older tokens and password links stop working)",
      body: changePasswordBody,
      response: { 200: msgResponse.extend({ token: z.string() }) },
    },
    handler: (req) => auth.changePassword(callerOf(req).userId, req.body.oldPassword, req.body.newPassword),
  });

  app.post('/forgot-password', {
    config: { roles: 'public', authBudget: true },
    schema: { tags: ['auth'], summary: 'Email a one-time set-password link', body: forgotPasswordBody, response: { 200: msgResponse } },
    // Stored before the answer, worked on after it: the same answer, as fast, for every email.
    handler: async (req) => {
      await app.passwordResets.request(req.body.email);
      return { msg: SERVER_MSG.resetLinkSent };
    },
  });

  app.post('/set-password', {
    config: { roles: 'public', authBudget: true },
    schema: { tags: ['auth'], summary: 'Set a password with a one-time link token', body: setPasswordBody, response: { 200: msgResponse } },
    handler: (req) => auth.setPassword(req.body.token, req.body.password),
  });

  app.post('/cancel-email-change', {
    config: { roles: 'public', authBudget: true },
    schema: {
      tags: ['auth'],
      summary: 'Cancel a change of sign-in email with the link mailed to the old address; ends every session of the account',
      description: 'Works once, for 7 days. A change already confirmed is undone (the old address comes back unless another account has it).',
      body: confirmEmailBody,
      response: { 200: msgResponse },
    },
    handler: (req) => auth.cancelEmailChange(req.body.token),
  });

  app.post('/logout-everywhere', {
    config: { roles: ['admin', 'employee'], formerEmployee: true },
    schema: { tags: ['auth'], summary: "End every session of the caller's account and drop a pending change of sign-in email", response: { 200: msgResponse } },
    handler: (req) => auth.logoutEverywhere(callerOf(req).userId),
  });

  app.post('/confirm-email', {
    config: { roles: 'public', authBudget: true },
    schema: {
      tags: ['auth'],
      summary: "Confirm an employee's own change of sign-in email with the link mailed to the new address",
      body: confirmEmailBody,
      response: { 200: msgResponse },
    },
    handler: (req) => auth.confirmEmail(req.body.token),
  });
};
