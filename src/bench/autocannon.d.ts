/** The part of autocannon's API the load runner uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      setupRequest?: (req: Request, context: Record<string, unknown>) => Request | undefined;
    }
    interface Options {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      connections?: number;
      duration?: number;
      amount?: number;
      timeout?: number;
      requests?: Request[];
    }
    interface Result {
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
    }
    type Instance = EventEmitter & PromiseLike<Result>;
  }

  function autocannon(opts: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
