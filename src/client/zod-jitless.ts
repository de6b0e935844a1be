/**
 * zod compiles object parsers with `new Function` unless told not to, and decides so when a schema
 * is built (shared/schemas build theirs at import); the strict CSP (no unsafe-eval) refuses it and
 * Chrome reports each refusal. The entry imports this first, so the setting is in place before any
 * schema module runs. It writes zod's global config object (what `z.config` writes) without
 * importing zod, so zod stays out of the login page's scripts; zod-jitless.test.ts checks zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
