/**
 * The OpenAPI description served at /api/openapi.json, written for client generators: every
 * operation has an operationId, a success answer and the error answers it can give, and the
 * document names its server and licence (openapi.test.ts lints it with Redocly's recommended rules
 * and type-checks a client generated from it).
 *
 * The operationIds and the error answers come from one rule here rather than from each route:
 * - an operationId is the method and the path (`GET /api/employee/{id}` -> `getEmployeeById`), so
 *   it is unique by construction, reads as what the call does, and no new route can forget one;
 * - the error answers follow from the layers every route passes through, not from the route: any
 *   input may be refused with 400 (the NUL check in app.ts runs on every route), a route that is
 *   not public answers 401 without a valid session (auth/guard.ts), and one closed to a role 403.
 *   A route declares only the answers of its own (404, 409...), and what it declares wins.
 */
import type { FastifySchema, RouteOptions } from 'fastify';
import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ROLES } from '../shared/constants';

export const OPENAPI_INFO = {
  title: 'HR Portal API',
  version: '1.0.0',
  description: 'Every call of the HR Portal SPA.',
  // package.json says UNLICENSED: no licence is granted. There is no licence text to link, so the
  // link is npm's definition of what UNLICENSED means.
  license: {
    name: 'UNLICENSED (proprietary): no rights are granted to use it outside the organisation running it',
    url: 'https://docs.npmjs.com/cli/configuring-npm/package-json#license',
  },
};

/** Relative: the API lives on the server that serves this document, whatever its address. */
export const OPENAPI_SERVERS = [{ url: '/', description: 'The server serving this document' }];

type ResponseMap = Record<string, unknown>;

const msgAnswer = (description: string) => ({
  description,
  type: 'object',
  properties: { msg: { type: 'string' } },
  required: ['msg'],
  additionalProperties: false,
});

/** `post` + `/api/salary/runs/{id}/retry` -> `postSalaryRunsByIdRetry`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((segment, i, all) => {
      const param = /^[{:](\w+)}?$/.exec(segment)?.[1];
      if (!param) return segment;
      // Consecutive parameters read as one phrase: {employeeId}/{month} -> ByEmployeeIdAndMonth.
      return `${/^[{:]/.test(all[i - 1] ?? '') ? 'and' : 'by'}-${param}`;
    })
    .join('-');
  const camel = `${method.toLowerCase()}-${words}`.replace(/[-_]+(\w)/g, (_, c: string) => c.toUpperCase());
  return camel.replace(/^(\w)/, (c) => c.toLowerCase());
}

function errorAnswers(route: RouteOptions): ResponseMap {
  const roles = route.config?.roles;
  return {
    400: msgAnswer('The request was refused: the reason is in msg'),
    ...(roles && roles !== 'public' ? { 401: msgAnswer('No valid session: sign in again') } : {}),
    ...(Array.isArray(roles) && ROLES.some((role) => !roles.includes(role)) ? { 403: msgAnswer('Not allowed for this role') } : {}),
  };
}

const describe = (answer: unknown) => (answer as { description?: string }).description ?? 'Refused: the reason is in msg';

/** fastify-type-provider-zod's transform (zod to JSON Schema), then the rules above. */
export const openApiTransform: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]) as { schema: FastifySchema & Record<string, unknown>; url: string };
  if (!schema || schema.hide) return { schema, url };
  const method = [input.route.method].flat()[0]!;
  const declared = (schema.response ?? {}) as ResponseMap;
  const codes = Object.keys(declared);
  const produces = schema.produces as string[] | undefined;
  const success = codes.some((code) => code.startsWith('2'))
    ? {}
    : // A route without a success schema answers a file (produces) or nothing worth describing.
      { 200: produces ? { description: 'The file', type: 'string', format: 'binary' } : { description: 'Done', type: 'null' } };
  const response: ResponseMap = { ...success, ...errorAnswers(input.route), ...declared };
  // A file route's `produces` names its file's type; its refusals are still JSON {msg}.
  if (produces) {
    for (const [code, answer] of Object.entries(response)) {
      if (!code.startsWith('2')) response[code] = { description: describe(answer), content: { 'application/json': { schema: answer } } };
    }
  }
  return {
    url,
    schema: { ...schema, operationId: (schema.operationId as string | undefined) ?? operationIdOf(method, url), response },
  };
};
