// A minimal HTTP helper for the v2 conformance tests: form-encoded bodies with
// repeated names, the access_token as a parameter, JSON answers.
import type { TestEmulator } from './support/emulator';

export type Form = Record<string, string | number | boolean | Array<string | number>>;

export interface EngagementAnswer {
  status: number;
  statusText: string;
  // The tests read the fields they assert on; the shape is what is under test.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

function encode(form: Form): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) for (const one of Array.isArray(v) ? v : [v]) out.append(k, String(one));
  return out;
}

export class EngagementHttp {
  token = '';
  constructor(private readonly emulator: TestEmulator) {}

  async login(userName = 'ada', apiKey = 'ada-demo-api-key', password = 'ada-demo-password'): Promise<string> {
    const answer = await this.post('/authenticate', { userName, apiKey, password }, false);
    if (!answer.body.success) throw new Error(`login failed: ${answer.body.statusMessage}`);
    this.token = answer.body.access_token as string;
    return this.token;
  }

  async get(path: string, query: Form = {}, withToken = true): Promise<EngagementAnswer> {
    const params = encode(withToken ? { access_token: this.token, ...query } : query);
    const qs = params.toString();
    return this.answer(await fetch(`${this.emulator.url}/api/v2${path}${qs ? `?${qs}` : ''}`));
  }

  async post(path: string, form: Form = {}, withToken = true): Promise<EngagementAnswer> {
    const body = encode(withToken ? { access_token: this.token, ...form } : form);
    return this.answer(await fetch(`${this.emulator.url}/api/v2${path}`, { method: 'POST', body }));
  }

  private async answer(res: Response): Promise<EngagementAnswer> {
    const text = await res.text();
    return { status: res.status, statusText: res.statusText, body: text ? JSON.parse(text) : undefined };
  }
}

/** `yyyy-MM-ddTHH:mm:ss±hhmm` */
export const V2_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{4}$/;
