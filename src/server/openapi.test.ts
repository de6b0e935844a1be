/**
 * /api/openapi.json stays clean for client generators: Redocly's recommended rules find nothing in
 * it, and the TypeScript client openapi-typescript generates from it type-checks.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { createTestApp, type TestApp } from './test/test-app';
import { operationIdOf } from './openapi';

describe('the OpenAPI description', () => {
  let t: TestApp;
  let document: Record<string, unknown> & { paths: Record<string, Record<string, { operationId?: string; responses: Record<string, unknown> }>> };
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    document = (await t.app.inject('/api/openapi.json')).json();
  });
  afterAll(() => t.close());

  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it('names every operation once, says how it succeeds and how it is refused, in JSON', () => {
    const operations = Object.entries(document.paths).flatMap(([url, methods]) => Object.entries(methods).map(([method, op]) => ({ url, method, ...op })));
    expect(operations.length).toBeGreaterThan(30);
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    for (const op of operations) {
      const codes = Object.keys(op.responses);
      expect({ op: `${op.method} ${op.url}`, success: codes.some((c) => c.startsWith('2')), refusal: codes.some((c) => c.startsWith('4')) }).toEqual({
        op: `${op.method} ${op.url}`,
        success: true,
        refusal: true,
      });
      for (const code of codes.filter((c) => c.startsWith('4'))) {
        expect(Object.keys((op.responses[code] as { content: object }).content)).toEqual(['application/json']);
      }
    }
    expect(document.paths['/api/employee/{id}']!.get!.operationId).toBe('getEmployeeById');
  });

  it('makes operation ids from the method and the path', () => {
    expect(operationIdOf('GET', '/api/health')).toBe('getHealth');
    expect(operationIdOf('POST', '/api/auth/admin-login')).toBe('postAuthAdminLogin');
    expect(operationIdOf('GET', '/api/salary/slip/{employeeId}/{month}')).toBe('getSalarySlipByEmployeeIdAndMonth');
    expect(operationIdOf('POST', '/api/salary/runs/{id}/retry')).toBe('postSalaryRunsByIdRetry');
  });

  it('generates a TypeScript client (openapi-typescript) that type-checks and fits our calls', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-openapi-'));
    try {
      // Its command line, as a project using the API would run it (its ESM dependencies keep it out of jest's module system).
      fs.writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(document));
      execFileSync(process.execPath, [path.join(__dirname, '../../node_modules/openapi-typescript/bin/cli.js'), path.join(dir, 'openapi.json'), '-o', path.join(dir, 'api.ts')], { stdio: 'pipe' });
      // A few calls as a client would write them against the generated types.
      fs.writeFileSync(
        path.join(dir, 'use.ts'),
        [
          "import type { operations, paths } from './api';",
          "type Employee = paths['/api/employee/{id}']['get']['responses'][200]['content']['application/json'];",
          "export const name = (e: Employee): string => e.name;",
          "type Login = operations['postAuthAdminLogin']['requestBody'];",
          "export const login: NonNullable<Login>['content']['application/json'] = { email: 'a@b.c', password: 'p' };",
          "export const refusal = (r: operations['getSalaryRunsById']['responses'][404]['content']['application/json']): string => r.msg;",
        ].join('\n'),
      );
      const program = ts.createProgram([path.join(dir, 'use.ts')], { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, types: [] });
      const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(diagnostics).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
