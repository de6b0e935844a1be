/**
 * A biometric device as a test peer: speaks the iclock push protocol over real HTTP, as a ZKTeco or
 * eSSL device in ADMS mode does (handshake, heartbeat, ATTLOG batches, operation log, command results).
 */

export interface DeviceAnswer {
  status: number;
  body: string;
  date: string | null;
}

export class SimulatedDevice {
  constructor(
    readonly baseUrl: string,
    readonly serial: string,
    readonly opts: { pushver?: string; commKey?: string; contentType?: string } = {},
  ) {}

  private url(path: string, extra: Record<string, string> = {}) {
    const q = new URLSearchParams({ SN: this.serial, ...(this.opts.commKey ? { pushcommkey: this.opts.commKey } : {}), ...extra });
    return `${this.baseUrl}${path}?${q}`;
  }

  private async call(method: 'GET' | 'POST', url: string, body?: string): Promise<DeviceAnswer> {
    const res = await fetch(url, { method, body, headers: body === undefined ? {} : { 'content-type': this.opts.contentType ?? 'text/plain' } });
    return { status: res.status, body: await res.text(), date: res.headers.get('date') };
  }

  /** GET /iclock/cdata?options=all: the options the server gives. */
  handshake() {
    return this.call('GET', this.url('/iclock/cdata', { options: 'all', ...(this.opts.pushver ? { pushver: this.opts.pushver, language: '69' } : {}) }));
  }

  /** POST ATTLOG lines: [pin, 'YYYY-MM-DD HH:MM:SS', status?, verify?]. */
  pushAttlog(records: readonly (readonly [string, string, string?, string?])[]) {
    const body = records.map(([pin, time, status = '0', verify = '1']) => [pin, time, status, verify, '0', '0', '0'].join('\t')).join('\n') + '\n';
    return this.call('POST', this.url('/iclock/cdata', { table: 'ATTLOG', Stamp: '9999' }), body);
  }

  pushTable(table: string, body: string) {
    return this.call('POST', this.url('/iclock/cdata', { table, Stamp: '9999' }), body);
  }

  heartbeat() {
    return this.call('GET', this.url('/iclock/getrequest', { INFO: 'Ver 6.60 Apr 3 2020,12,5,1300,192.168.1.201,10,12,12,12,111' }));
  }

  commandResult(id: string, ret: string, cmd: string) {
    return this.call('POST', this.url('/iclock/devicecmd'), `ID=${id}&Return=${ret}&CMD=${cmd}`);
  }

  ping() {
    return this.call('GET', this.url('/iclock/ping'));
  }
}

/** 'YYYY-MM-DD HH:MM:SS' of an instant on the Indian clock (UTC+05:30), as a device in India writes it. */
export function istDeviceTime(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().replace('T', ' ').slice(0, 19);
}
