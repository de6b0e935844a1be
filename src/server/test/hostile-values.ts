/**
 * fast-check arbitraries of hostile input for the security suites: wrong types, odd unicode,
 * SQL-like and path-like text, bad numbers and dates, prototype-pollution keys and raw JSON text
 * that JSON.stringify cannot produce (1e309, duplicate keys, deep nesting).
 */
import fc from 'fast-check';

// CI sets FC_SEED (.ci/run) so that a landing is reproducible; elsewhere each run tries new inputs,
// and fast-check prints the seed and path of any failure so that it can be replayed.
if (process.env.FC_SEED) fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: Number(process.env.FC_SEED) });

export const SQL_LIKE = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT * FROM users',
  '" OR 1=1 --',
  "admin@test.local'--",
  '1 UNION SELECT password_hash FROM users',
  "%' AND 1=0 UNION ALL SELECT 1 --",
  '$1',
  '?',
  '\\',
  "'",
  '"',
  '`',
  "EMP0001' OR 'x'='x",
  '1) OR (1=1',
  '%',
  '_',
];

export const PATH_LIKE = [
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  'file:///etc/passwd',
  '%2e%2e%2f%2e%2e%2f',
  '....//....//etc',
  'C:\\boot.ini',
  '~/.ssh/id_rsa',
  './data/hr-portal.sqlite',
  '/dev/zero',
  'con',
  'https://evil.example/x',
];

export const ODD_UNICODE = [
  '\uD800',
  '\uDFFF',
  'a\uD800b',
  '\uDC00\uD800',
  '\u202Eevil\u202C',
  '\u200B',
  'zero\u200Bwidth',
  '\u200D',
  '\uFEFF',
  '\uFFFE',
  '\uFFFF',
  '\u0000',
  'a\u0000b',
  '\u0007\u0008\u001B',
  '\r\n',
  '\t',
  '\u2028\u2029',
  '\u00A0',
  '😀',
  '👩‍👩‍👧‍👦',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  'עברית',
  'العربية',
  'İı',
  'ß',
  'ﬀ',
  'Ⅻ',
  '١٢٣',
  '𝟙𝟚𝟛',
];

export const MALFORMED_DATES = [
  '2025-02-30',
  '2025-02-29',
  '2025-13-01',
  '2025-00-10',
  '0000-00-00',
  '9999-12-31',
  '-001-01-01',
  '+275760-09-13',
  '2025-1-1',
  '2025/01/01',
  '01-01-2025',
  '2025-01-01T00:00:00Z',
  '2025-01-01 ',
  ' 2025-01-01',
  '2025-W01',
  '20250101',
  '2025-00',
  '2025-13',
  '2025-1',
  '1970-01-01',
  'yesterday',
];

export const NUMBER_TEXT = ['NaN', 'Infinity', '-Infinity', '1e309', '-1e309', '-1', '-0', '0x1F', '1_000', '1,000', '00012', '9007199254740993', ' 5 ', '5abc', '1e3', '.5', '5.', '+5', '١٢'];

export const EMAIL_LIKE = ['a@b', '@', 'a@b.c\u0000', 'ADMIN@TEST.LOCAL', 'admin@test.local\n', '"a b"@b.co', 'a+b@b.co', `${'x'.repeat(300)}@b.co`, 'a@[127.0.0.1]', 'a@b..co', 'мвд@мвд.рф'];

const ALL_TEXT = [...SQL_LIKE, ...PATH_LIKE, ...ODD_UNICODE, ...MALFORMED_DATES, ...NUMBER_TEXT, ...EMAIL_LIKE, '', ' ', 'null', 'undefined', 'true', '[]', '{}', '<script>alert(1)</script>', '=HYPERLINK("http://evil")', '+1+1', '-2+3', '@SUM(A1)'];

/** A lone UTF-16 surrogate somewhere inside some text. */
const loneSurrogate = fc
  .tuple(fc.string({ maxLength: 8 }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ maxLength: 8 }))
  .map(([a, s, b]) => `${a}${String.fromCharCode(s)}${b}`);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ALL_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: loneSurrogate },
  // Mixtures: a known-bad fragment inside random text.
  { weight: 2, arbitrary: fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...ALL_TEXT), fc.string({ maxLength: 10 })).map((p) => p.join('')) },
  // Long, past every field's limit but far under the body limit.
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('x', 'é', '😀', "'", '\u0000'), fc.integer({ min: 1_001, max: 6_000 })).map(([c, n]) => c.repeat(n)) },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, -0, 0, 1, 0.001, 1.005, 123.456, -123.5, 1e308, -1e308, 5e-324, 2 ** 53 + 1, -(2 ** 53) - 1, 100_000_001, 12),
  fc.integer(),
  // NaN and Infinity become null in JSON; the raw forms are sent by rawJsonVariants.
  fc.double(),
);

/** Any value a field could be sent as. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(hostileString, hostileNumber), { maxKeys: 3 }) },
);

/** Keys that try to reach fields the server sets itself (mass assignment) or prototypes. */
export const hostileKey = fc.oneof(
  fc.constantFrom('role', 'isAdmin', '_id', 'id', 'user_id', 'userId', 'active', 'token_version', 'tv', 'salary_paise', 'employeeId', 'status', 'decided_by', 'password_hash', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'),
  fc.string({ maxLength: 12 }),
);

/** One request body: JSON text from a value, raw text, or raw bytes. */
export type BodyInput = { kind: 'json'; value: unknown } | { kind: 'raw'; text: string } | { kind: 'bytes'; bytes: Uint8Array };

/** JSON text JSON.stringify never writes: non-finite numbers, prototype keys, duplicates, depth, junk. */
export function rawJsonVariants(valid: Record<string, unknown>): string[] {
  const base = JSON.stringify(valid);
  const inner = base.slice(1, -1);
  const withRaw = (key: string, raw: string) => JSON.stringify({ ...valid, [key]: '\u0001RAW\u0001' }).replace('"\\u0001RAW\\u0001"', raw);
  const keys = Object.keys(valid);
  return [
    `{"__proto__":{"role":"admin","isAdmin":true}${inner ? `,${inner}` : ''}}`,
    `{${inner ? `${inner},` : ''}"__proto__":{"polluted":1}}`,
    `{"constructor":{"prototype":{"role":"admin"}}${inner ? `,${inner}` : ''}}`,
    `{"a":{"b":{"__proto__":{"x":1}}}${inner ? `,${inner}` : ''}}`,
    ...keys.flatMap((k) => ['1e309', '-1e309', '1e-400', '123456789012345678901234567890', '-0', '0.1e1', '[1e309]'].map((raw) => withRaw(k, raw))),
    ...keys.map((k) => `{${inner},${JSON.stringify(k)}:"dup"}`),
    `${base}x`,
    base.slice(0, Math.max(1, base.length - 2)),
    '',
    'null',
    '[]',
    '"just a string"',
    '12',
    'true',
    '{',
    "{'single':'quotes'}",
    '{"a":NaN}',
    '{"a":Infinity}',
    '{"a":undefined}',
    '{"a":0x10}',
    '\uFEFF' + base,
    `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
  ];
}

/** Bodies derived from a valid one: one hostile field, fields missing, extra fields, all hostile, anything. */
export function hostileBody(valid: Record<string, unknown>): fc.Arbitrary<BodyInput> {
  const keys = Object.keys(valid);
  const json = (a: fc.Arbitrary<unknown>) => a.map((value): BodyInput => ({ kind: 'json', value }));
  const options: fc.Arbitrary<BodyInput>[] = [
    json(fc.subarray(keys).map((keep) => Object.fromEntries(keep.map((k) => [k, valid[k]])))),
    json(fc.dictionary(hostileKey, hostileValue, { minKeys: 1, maxKeys: 4 }).map((extra) => ({ ...valid, ...extra }))),
    json(fc.jsonValue({ maxDepth: 3 })),
    fc.constantFrom(...rawJsonVariants(valid)).map((text): BodyInput => ({ kind: 'raw', text })),
    fc.uint8Array({ maxLength: 300 }).map((bytes): BodyInput => ({ kind: 'bytes', bytes })),
    // Invalid UTF-8 inside otherwise valid JSON.
    fc.constantFrom(...keys.length ? keys : ['x']).map((k): BodyInput => {
      const [a, b] = JSON.stringify({ ...valid, [k]: 'BAD_UTF8_HERE' }).split('"BAD_UTF8_HERE"');
      return { kind: 'bytes', bytes: Buffer.concat([Buffer.from(`${a}"`), Buffer.from([0xc3, 0x28, 0xff, 0xed, 0xa0, 0x80]), Buffer.from(`"${b}`)]) };
    }),
  ];
  if (keys.length) {
    options.push(
      json(fc.record({ key: fc.constantFrom(...keys), value: hostileValue }).map(({ key, value }) => ({ ...valid, [key]: value }))),
      json(fc.record({ key: fc.constantFrom(...keys), value: hostileValue }).map(({ key, value }) => ({ ...valid, [key]: value }))),
      json(fc.record(Object.fromEntries(keys.map((k) => [k, hostileValue])) as Record<string, fc.Arbitrary<unknown>>)),
    );
  }
  return fc.oneof(...options);
}

/** Query strings: one hostile parameter, repeated and bracketed keys, unknown keys, raw bad encoding. */
export function hostileQuery(valid: Record<string, string>): fc.Arbitrary<string> {
  const keys = Object.keys(valid);
  const encode = (o: Record<string, unknown>) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(o)) for (const one of [v].flat()) params.append(k, String(one));
    return params.toString();
  };
  const options: fc.Arbitrary<string>[] = [
    fc.dictionary(fc.oneof(fc.constantFrom(...keys, '__proto__', 'constructor', '__proto__[role]', 'constructor[prototype][role]', 'a[b][c]', ''), fc.string({ maxLength: 8 })), fc.oneof(hostileString, fc.array(hostileString, { minLength: 2, maxLength: 3 })), { maxKeys: 4 }).map((o) => encode({ ...valid, ...o })),
    fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', 'a=%00', '%FF%FE=1', 'a=%ED%A0%80', '&&&', '=', '==', '?&=&', 'a=1&a=2&a=3', `x=${'y'.repeat(20_000)}`, 'a[]=1&a[]=2', '__proto__[x]=1', 'constructor[prototype][x]=1', '%C0%AE%C0%AE%2F'),
  ];
  if (keys.length) {
    options.push(
      fc.record({ key: fc.constantFrom(...keys), value: hostileString }).map(({ key, value }) => encode({ ...valid, [key]: value })),
      fc.record({ key: fc.constantFrom(...keys), value: hostileString }).map(({ key, value }) => encode({ ...valid, [key]: value })),
      fc.constantFrom(...keys).map((k) => `${encode(valid)}&${k}=2&${k}=3`),
      fc.constantFrom(...keys).map((k) => `${k}=${encodeURIComponent(valid[k]!)}%00`),
      fc.constantFrom(...keys).map((k) => `${k}=%ED%A0%80`),
    );
  }
  return fc.oneof(...options);
}
