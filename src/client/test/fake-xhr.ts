/** Test helper: just enough of XMLHttpRequest to see what the CSV uploader sends and to answer it. */
export class FakeXhr {
  static last: FakeXhr | undefined;
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;
  private listeners: Record<string, (() => void)[]> = {};
  private uploadListeners: Record<string, ((e: ProgressEvent) => void)[]> = {};
  upload = {
    addEventListener: (type: string, fn: (e: ProgressEvent) => void) => {
      (this.uploadListeners[type] ??= []).push(fn);
    },
  };

  constructor() {
    FakeXhr.last = this;
    FakeXhr.all.push(this);
  }

  static reset() {
    FakeXhr.last = undefined;
    FakeXhr.all = [];
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, fn: () => void) {
    (this.listeners[type] ??= []).push(fn);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
  }

  /** The browser sent `loaded` of `total` bytes. */
  progress(loaded: number, total: number) {
    this.uploadListeners.progress?.forEach((fn) => fn({ lengthComputable: true, loaded, total } as ProgressEvent));
  }
  /** The whole body has been sent. */
  sent() {
    this.uploadListeners.load?.forEach((fn) => fn({} as ProgressEvent));
  }
  answer(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.listeners.load?.forEach((fn) => fn());
  }
  fail() {
    this.listeners.error?.forEach((fn) => fn());
  }
}

/** For a test file: every test starts with no requests, and the page's XMLHttpRequest is a FakeXhr. */
export function installFakeXhr() {
  const realXhr = globalThis.XMLHttpRequest;
  beforeEach(() => {
    FakeXhr.reset();
    globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  });
  afterEach(() => {
    globalThis.XMLHttpRequest = realXhr;
  });
}
