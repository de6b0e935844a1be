import { readRuntimeConfig } from './runtime-config';

const docWith = (html: string) => new DOMParser().parseFromString(`<head>${html}</head>`, 'text/html');

describe('readRuntimeConfig', () => {
  it('defaults to the page origin and password sign-in', () => {
    expect(readRuntimeConfig(docWith(''))).toEqual({ apiHost: '', employeeLogin: 'password' });
  });

  it('reads the meta tags a server may rewrite', () => {
    const doc = docWith(
      '<meta name="hr-portal-api-host" content="https://hr.example.com/"><meta name="hr-portal-employee-login" content="email-only">',
    );
    expect(readRuntimeConfig(doc)).toEqual({ apiHost: 'https://hr.example.com', employeeLogin: 'email-only' });
  });
});
