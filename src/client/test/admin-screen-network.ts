/**
 * Test helper: every admin screen sits in a frame that also shows today's attendance (a
 * one-line strip), so employee-screen tests answer its calls with empty data and
 * then add their own.
 */
import { json, mockFetch } from './network';

type Handlers = Parameters<typeof mockFetch>[0];

export function mockAdminScreen(handlers: Handlers) {
  return mockFetch({
    'GET /api/employee': () => json(200, []),
    'GET /api/attendance': () => json(200, []),
    'GET /api/attendance/summary': () => json(200, []),
    'GET /api/leave': () => json(200, []),
    'GET /api/employee/invitations': () => json(200, { held: 0 }),
    ...handlers,
  });
}

/** The GET /api/employee requests among `requests`. */
export const listRequests = (requests: Request[]) =>
  requests.filter((r) => r.method === 'GET' && new URL(r.url).pathname === '/api/employee');
