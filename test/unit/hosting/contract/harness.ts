// The frame of the contract suite: an in-process emulator with the demo seed
// per group, clients whose every exchange is recorded and named after the
// client method that sent it, and cases that say which methods they call.
// After each case the frame checks that every method it names was answered
// with a success, so a case cannot claim a method it never reached.
import assert from 'node:assert/strict';
import { HostingClient, type Credentials, type HostingClientOptions } from '../../../../src/hosting';
import { ROUTE_GROUPS, registeredEndpoints } from '../../../../src/hosting/registry';
import type { EmulatorOptions } from '@repodesk/emulator/testing';
import { startEmulator, type TestEmulator } from '../../../support/emulator';

export const ORG = 'analytical-engines';
export const REPO = 'difference-engine';

type Groups = typeof ROUTE_GROUPS;
/** `labels.create`: a client method as the registry names it. */
export type ClientMethod = { [G in keyof Groups]: `${G}.${keyof Groups[G] & string}` }[keyof Groups];

export interface Exchange {
  method: string;
  /** Path and query as sent. */
  url: string;
  status: number;
  /** Response headers (Link, ETag, Location...). */
  headers: Headers;
  /** The client method whose route the request took, when one matches. */
  endpoint: ClientMethod | undefined;
}

/** Registry routes as patterns over the sent path; the most literal match wins (`pulls/comments` before `pulls/{number}`). */
const ROUTES = registeredEndpoints().map((e) => {
  const [verb = '', path = ''] = e.route.split(' ');
  const pattern = path
    .replace(/[.*?^$()|[\]\\]/g, '\\$&')
    .replace(/\{\+[^}]+\}/g, '.+')
    .replace(/\{[^}]+\}/g, '[^/]+');
  return { verb, regex: new RegExp(`^${pattern}$`), literal: path.replace(/\{[^}]+\}/g, '').length, name: `${e.group}.${e.method}` as ClientMethod };
});

function endpointOf(method: string, pathname: string): ClientMethod | undefined {
  const matches = ROUTES.filter((r) => r.verb === method && r.regex.test(pathname)).sort((a, b) => b.literal - a.literal);
  return matches[0]?.name;
}

export class World {
  exchanges: Exchange[] = [];
  constructor(readonly emu: TestEmulator) {}

  /** A client on the emulator whose requests land in `exchanges`. */
  client(credentials?: Credentials, extra: Partial<HostingClientOptions> = {}): HostingClient {
    const record: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      const url = new URL(input instanceof Request ? input.url : String(input));
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      this.exchanges.push({
        method,
        url: `${url.pathname}${url.search}`,
        status: res.status,
        headers: res.headers,
        endpoint: endpointOf(method, url.pathname),
      });
      return res;
    };
    return new HostingClient({ apiUrl: this.emu.url, userAgentVersion: 'test', credentials, fetch: record, ...extra });
  }

  /** A demo user signed in with Basic authentication (`<login>-demo-password`). */
  as(login: string, extra: Partial<HostingClientOptions> = {}): HostingClient {
    return this.client({ type: 'basic', username: login, password: `${login}-demo-password` }, extra);
  }

  /** The exchanges of one client method, in order. */
  of(method: ClientMethod): Exchange[] {
    return this.exchanges.filter((x) => x.endpoint === method);
  }
}

interface ContractCase {
  /** The spec row the case is about, as `METHOD /path` (or a short list of them). */
  row: string;
  /** What the answer must show; only the right answer passes. */
  does: string;
  /** Every client method the case calls; each must be answered with a success (below 400). */
  calls: readonly ClientMethod[];
  run(world: World): Promise<void>;
}

export interface ContractGroup {
  title: string;
  cases: readonly ContractCase[];
  /** Emulator options beyond the demo seed. */
  options?: Partial<EmulatorOptions>;
}

export function contractSuite(group: ContractGroup): void {
  describe(group.title, () => {
    let world: World;
    before(async () => {
      world = new World(await startEmulator({ seed: 'demo', ...group.options }));
    });
    after(() => world.emu.dispose());

    for (const c of group.cases) {
      it(`${c.row} ${c.does}`, async () => {
        world.exchanges = [];
        await c.run(world);
        const answered = new Set(world.exchanges.filter((x) => x.status < 400).map((x) => x.endpoint));
        const unanswered = c.calls.filter((m) => !answered.has(m));
        assert.deepEqual(unanswered, [], `named in calls but never answered with a success: ${unanswered.join(', ')}`);
      });
    }
  });
}
