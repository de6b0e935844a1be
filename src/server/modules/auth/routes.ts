/** /api/auth: admin and employee sign-in, password change, and one-time password links. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminLoginBody,
  changePasswordBody,
  employeeLoginBody,
  forgotPasswordBody,
  loginResponse,
  setPasswordBody,
} from '../../../shared/schemas/auth';
import { msgResponse } from '../../../shared/schemas/common';
import { z } from 'zod';
import { callerOf } from '../../auth/guard';
import type { ModuleOptions } from '../../context';
import { createAuthService } from './auth-service';

// A coarse per-IP request ceiling in front of the failure throttle: scrypt is deliberately
// expensive, so an unthrottled flood of sign-ins would be a cheap way to burn the CPU.
const signInRateLimit = { max: 60, timeWindow: '1 minute' };

export const authRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const auth = createAuthService(ctx);

  app.post('/admin-login', {
    config: { roles: 'public', rateLimit: signInRateLimit },
    schema: { tags: ['auth'], summary: 'Admin sign-in', body: adminLoginBody, response: { 200: loginResponse } },
    handler: (req) => auth.login({ ...req.body, role: 'admin', ip: req.ip }),
  });

  app.post('/employee-login', {
    config: { roles: 'public', rateLimit: signInRateLimit },
    schema: { tags: ['auth'], summary: 'Employee sign-in', body: employeeLoginBody, response: { 200: loginResponse } },
    handler: (req) => auth.login({ ...req.body, role: 'employee', ip: req.ip }),
  });

  app.put('/change-password', {
    config: { roles: ['employee'] },
    schema: {
      tags: ['auth'],
      summary: "Change the signed-in employee's password (older tokens stop working)",
      body: changePasswordBody,
      response: { 200: msgResponse.extend({ token: z.string() }) },
    },
    handler: (req) => auth.changePassword(callerOf(req).userId, req.body.oldPassword, req.body.newPassword),
  });

  app.post('/forgot-password', {
    config: { roles: 'public', rateLimit: signInRateLimit },
    schema: { tags: ['auth'], summary: 'Email a one-time set-password link', body: forgotPasswordBody, response: { 200: msgResponse } },
    handler: (req) => auth.forgotPassword(req.body.email),
  });

  app.post('/set-password', {
    config: { roles: 'public', rateLimit: signInRateLimit },
    schema: { tags: ['auth'], summary: 'Set a password with a one-time link token', body: setPasswordBody, response: { 200: msgResponse } },
    handler: (req) => auth.setPassword(req.body.token, req.body.password),
  });
};
