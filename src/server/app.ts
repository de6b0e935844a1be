/**
 * buildApp(): the whole HTTP surface as a Fastify instance. main.ts listens on it; tests call
 * app.inject() on it. Nothing here reads the environment.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { JSON_BODY_LIMIT_BYTES } from '../shared/constants';
import { SERVER_MSG } from '../shared/messages';
import { issueMessage } from '../shared/schemas/issue-message';
import { authGuard } from './auth/guard';
import type { AppContext } from './context';
import { HttpError, badRequest } from './errors';
import { apiModules } from './modules';
import { DEFAULT_DEVICE_LIMITS, iclockRoutes } from './modules/devices';
import { applyCompanyProfile } from './modules/company';
import { SECURITY_HEADERS } from './security-headers';
import { OPENAPI_INFO, OPENAPI_SERVERS, openApiTransform } from './openapi';
import { dbPlugin } from './plugins/db';
import { backgroundJobsPlugin } from './plugins/background-jobs';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The 404 message of a route whose `:id` cannot name a record (what the same route says for a missing one). */
    notFound?: string;
  }
}

export interface BuildOptions {
  ctx: AppContext;
  /** Folder of the built SPA; omitted in API-only tests. */
  clientDir?: string;
  /** true: requests and modules log through the context's logger (ctx.log); false: nothing is logged by the app. */
  logger?: boolean;
  /** Sees every route as it is added; the authorization-matrix test lists the real routes with it. */
  onRoute?: (route: RouteOptions) => void;
}

/** TRUST_PROXY=N: the N proxies nearest the server are trusted, whoever they are. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp({ ctx, clientDir, logger = false, onRoute }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // One logger for the process, with token redaction (log-options.ts): the one the context was built with.
    ...(logger ? { loggerInstance: ctx.log } : { logger: false }),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // Off unless TRUST_PROXY names the proxies in front (src/server/README.md): X-Forwarded-For from
    // anyone else could fake the client address that throttling and the office-network punch check use.
    trustProxy: typeof ctx.config.trustProxy === 'number' ? trustHops(ctx.config.trustProxy) : (ctx.config.trustProxy ?? false),
    // Rejects requests whose JSON tries to set __proto__ or constructor.prototype.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { ignoreTrailingSlash: true },
    // A malformed URL or an over-long path parameter fails before routing, past the error handler;
    // it still answers {msg} (Fastify's default body is {error, code, message, statusCode}).
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode ?? 400;
      // No hook runs for these, so no security headers; the JSON must not be sniffed as anything else.
      void (reply as FastifyReply).code(status).header('x-content-type-options', 'nosniff').send({ msg: status < 500 ? clientErrorMessage(error) : SERVER_MSG.serverError });
    },
  }).withTypeProvider<ZodTypeProvider>();
  // Added first, so it also sees the routes of every plugin registered below.
  if (onRoute) app.addHook('onRoute', onRoute);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  // First, so the database closes after everything else the app runs (plugins/db.ts).
  await app.register(dbPlugin, { database: ctx.database });

  // Every answer, API or page, carries the security headers (CSP, nosniff, frame-ancestors...).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
  await app.register(rateLimit, { global: false });
  // JSON answers over 1 KB leave compressed (the 10,000-row roster shrinks about tenfold). Built
  // assets are not compressed per request: webpack wrote .br and .gz copies that static serves.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(swagger, {
    openapi: {
      info: OPENAPI_INFO,
      servers: OPENAPI_SERVERS,
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'x-auth-token' } },
      },
      security: [{ token: [] }],
    },
    transform: openApiTransform,
  });
  // The docs pages keep the app's own Content-Security-Policy (set on every answer above): swagger-ui's
  // page has no inline script, and without the validator badge it loads nothing from elsewhere.
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // PostgreSQL text cannot hold a NUL character (the query fails, a 500), and no field of ours has a
  // use for one: refuse it at the edge, for every route, before any handler sees it.
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [['', request.body], ['query ', request.query], ['params ', request.params]] as const) {
      const at = nulCharacterAt(value);
      if (at !== null) throw badRequest(`${where}${(at || 'text').slice(0, 100)} must not contain NUL characters`);
    }
  });

  await app.register(backgroundJobsPlugin, { ctx });
  await app.register(authGuard, { ctx });
  // The stored company profile's name and time zone, before any module reads them (company-profile.ts).
  await applyCompanyProfile(ctx);
  for (const [below, plugin] of apiModules) await app.register(displayNamed(plugin), { prefix: `/api${below}`, ctx });
  // Biometric devices call /iclock/* with no token; their own checks are in the plugin.
  await app.register(displayNamed(iclockRoutes(ctx, { ...DEFAULT_DEVICE_LIMITS, ...ctx.deviceLimits }), 'iclockRoutes'));

  registerClient(app, ctx, clientDir);
  return app;
}

/**
 * Fastify names a plugin that has no display name by searching every loaded module for it
 * (`require.cache`: thousands of entries, several times per registration). Our route plugins are
 * plain functions, so each app built paid that search about seventy times: a third of the time a
 * test takes to build its app. The library plugins have names already (fastify-plugin sets them).
 */
function displayNamed<P extends { name: string }>(plugin: P, name = plugin.name): P {
  Object.assign(plugin, { [Symbol.for('fastify.display-name')]: name });
  return plugin;
}

/** The path ('name', 'items.2') of the first string or key holding U+0000 in parsed input, or null. */
function nulCharacterAt(input: unknown): string | null {
  // Iterative: a hostile body may nest arrays 100,000 deep, past any recursion limit. Each value
  // keeps its key and its parent, and a path is spelled out only for the NUL found: spelling one
  // for every value (and listing arrays as entries) made the check five times as costly.
  const stack: InputNode[] = [{ value: input, key: '', parent: null }];
  while (stack.length) {
    const node = stack.pop()!;
    const { value } = node;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return pathOf(node);
    } else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) if (mayHoldText(value[i])) stack.push({ value: value[i], key: String(i), parent: node });
    } else if (value && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        if (key.includes('\u0000')) return pathOf(node) || 'key';
        const child = (value as Record<string, unknown>)[key];
        if (mayHoldText(child)) stack.push({ value: child, key, parent: node });
      }
    }
  }
  return null;
}

interface InputNode {
  value: unknown;
  key: string;
  parent: InputNode | null;
}

const mayHoldText = (value: unknown) => typeof value === 'string' || (!!value && typeof value === 'object');

/** The keys from the input's top down to this node, joined by dots ('' for the input itself). */
function pathOf(node: InputNode): string {
  const keys: string[] = [];
  for (let at: InputNode | null = node; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/** Serves the built SPA with history-API fallback; unknown /api paths stay JSON 404s. */
function registerClient(app: FastifyInstance, ctx: AppContext, clientDir?: string) {
  const index = clientDir && path.join(clientDir, 'index.html');
  const hasClient = !!index && fs.existsSync(index);
  if (hasClient) {
    app.register(fastifyStatic, {
      root: clientDir!,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      // Hashed file names never change content, so they may be cached for good.
      setHeaders: (reply, file) =>
        reply.header('cache-control', file.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable'),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api') && hasClient;
    if (!wantsPage) return reply.code(404).send({ msg: SERVER_MSG.notFound });
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexPage(index!, ctx));
  });
}

/**
 * index.html with the server's settings written into its meta tags (the page may run no inline
 * script under the CSP, so meta tags are how the SPA learns them). Read per request: it is small,
 * and `npm run dev` rebuilds it underneath a running server.
 */
function indexPage(file: string, ctx: AppContext): string {
  const settings = { 'hr-portal-employee-login': ctx.config.employeeLogin, 'hr-portal-timezone': ctx.config.timeZone };
  return Object.entries(settings).reduce(
    (html, [name, value]) =>
      html.replace(new RegExp(`<meta name="?${name}"?[^>]*>`), `<meta name="${name}" content="${escapeHtml(value)}">`),
    fs.readFileSync(file, 'utf8'),
  );
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Every failure leaves as `{msg}`: client mistakes as 4xx with a readable reason, the rest as a bare 500. */
function errorHandler(this: FastifyInstance, error: FastifyError, request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) {
  if (error instanceof HttpError) {
    return reply.code(error.statusCode).headers(error.headers).send(error.fieldErrors ? { msg: error.message, fieldErrors: error.fieldErrors } : { msg: error.message });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    // A malformed record id names nothing: the same 404 as an unknown one, not validator text in a
    // screen ("params id must be a record id" on a mistyped edit link).
    if (error.validationContext === 'params' && first?.instancePath === '/id') {
      return reply.code(404).send({ msg: request.routeOptions.config.notFound ?? SERVER_MSG.notFound });
    }
    const fieldOf = (issue: { instancePath?: string }) => issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') || '';
    const field = first ? fieldOf(first) : '';
    const message = first?.message ?? 'Invalid request';
    const where = error.validationContext === 'body' ? '' : `${error.validationContext} `;
    const msg = `${where}${issueMessage(field, message)}`.trim();
    // A form marks every bad field at once: each field's first complaint, by its path ('statutory.pan').
    // msg stays the first one's, which the spec's screens show as they always have.
    const fieldErrors: Record<string, string> = {};
    for (const issue of error.validation) {
      const name = fieldOf(issue);
      if (name && !(name in fieldErrors)) fieldErrors[name] = issueMessage(name, issue.message ?? 'Invalid value');
    }
    return reply.code(400).send(error.validationContext === 'body' && Object.keys(fieldErrors).length ? { msg, fieldErrors } : { msg });
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error }, 'response did not match its schema');
    return reply.code(500).send({ msg: SERVER_MSG.serverError });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (bad JSON, body too large, wrong content type) carry a safe message.
    return reply.code(status).send({ msg: clientErrorMessage(error) });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ msg: SERVER_MSG.serverError });
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is empty';
    case 'FST_ERR_BAD_URL':
      return 'The URL is not valid';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'The URL is too long';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'Request body is not valid JSON';
    default:
      return error.code?.startsWith('FST_') ? 'Invalid request' : error.message;
  }
}
