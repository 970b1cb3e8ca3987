// The demo data set of the engagement service (v2), written through its
// stores: the API user `ada`, contacts with email, twitter and facebook
// profiles, campaigns, and cases in every state linked to the demo
// repositories by `repo:` and `pr:` tags.
import { insertCampaign } from '../v2/campaigns';
import { addMessage, createCase, moveCase, setCaseUpdateTime } from '../v2/cases';
import { addProfile, createContact } from '../v2/contacts';
import type { V2Context } from '../v2/context';
import { parseDate } from '../v2/dates';
import { putUser } from '../v2/users';

/** Public fixtures, documented in docs/EMULATOR-V2.md. */
const DEMO_USER = { userName: 'ada', apiKey: 'ada-demo-api-key', password: 'ada-demo-password' } as const;

const DIFF = 'repo:analytical-engines/difference-engine';
const NOTES = 'repo:ada/notes-on-the-engine';
const ANALYTICAL = 'repo:analytical-engines/analytical-engine';

type Profile = [source: string, extId: string, userName?: string];
interface DemoContact {
  name: string;
  first: string;
  last: string;
  crm?: string;
  tags: string[];
  profiles: Profile[];
}
interface DemoCase {
  contact: number;
  campaign: string;
  subject: string;
  source: string;
  /** Opened, closed, opened…: hours after arrival of each move. */
  moves: Array<['Open' | 'Closed', number]>;
  tags: string[];
  /** Messages: direction and minutes after arrival. */
  messages: Array<['in' | 'out', number, string]>;
}

const CONTACTS: DemoContact[] = [
  {
    name: 'Charles Babbage',
    first: 'Charles',
    last: 'Babbage',
    crm: 'CRM-0001',
    tags: ['vip'],
    profiles: [
      ['email', 'charles@difference.engine'],
      ['twitter', '1791', '@cbabbage'],
    ],
  },
  {
    name: 'Luigi Menabrea',
    first: 'Luigi',
    last: 'Menabrea',
    crm: 'CRM-0002',
    tags: [],
    profiles: [
      ['email', 'luigi@torino.example'],
      ['facebook', '100001842', 'luigi.menabrea'],
    ],
  },
  {
    name: 'Mary Somerville',
    first: 'Mary',
    last: 'Somerville',
    tags: ['press'],
    profiles: [
      ['twitter', '1780', '@msomerville'],
      ['email', 'mary@somerville.example'],
    ],
  },
  { name: 'Joseph Clement', first: 'Joseph', last: 'Clement', crm: 'CRM-0004', tags: ['supplier'], profiles: [['email', 'joseph@clement-workshop.example']] },
  {
    name: 'John Herschel',
    first: 'John',
    last: 'Herschel',
    tags: [],
    profiles: [
      ['facebook', '100001792', 'john.herschel'],
      ['twitter', '1792', '@jherschel'],
    ],
  },
  { name: 'Augustus De Morgan', first: 'Augustus', last: 'De Morgan', crm: 'CRM-0006', tags: ['vip'], profiles: [['email', 'augustus@logic.example']] },
];

const CASES: DemoCase[] = [
  {
    contact: 0,
    campaign: 'Support',
    subject: 'Carry mechanism jams on the 31st digit',
    source: 'email',
    moves: [['Open', 1]],
    tags: [DIFF, 'pr:1', 'bug'],
    messages: [
      ['in', 0, 'The anticipating carriage sticks.'],
      ['out', 45, 'Thanks, we can reproduce it.'],
      ['in', 180, 'Any news?'],
    ],
  },
  {
    contact: 1,
    campaign: 'Support',
    subject: 'Translation of the memoir: table of notes',
    source: 'email',
    moves: [
      ['Open', 2],
      ['Closed', 30],
    ],
    tags: [NOTES],
    messages: [
      ['in', 0, 'Where should Note G go?'],
      ['out', 90, 'After Note F, as in the original.'],
    ],
  },
  {
    contact: 2,
    campaign: 'Support',
    subject: 'Printed tables have a misaligned column',
    source: 'twitter',
    moves: [],
    tags: [DIFF, 'pr:2'],
    messages: [['in', 0, 'Column 4 of the printed tables is shifted.']],
  },
  {
    contact: 3,
    campaign: 'Sales',
    subject: 'Quote for 2,000 additional figure wheels',
    source: 'email',
    moves: [
      ['Open', 3],
      ['Closed', 50],
      ['Open', 120],
    ],
    tags: [DIFF],
    messages: [
      ['in', 0, 'Please quote for the wheels.'],
      ['out', 30, 'Quote attached.'],
      ['in', 7000, 'The price changed?'],
      ['out', 7300, 'Updated quote attached.'],
    ],
  },
  {
    contact: 4,
    campaign: 'Support',
    subject: 'Store capacity of the mill',
    source: 'facebook',
    moves: [['Open', 5]],
    tags: [ANALYTICAL],
    messages: [
      ['in', 0, 'How many columns does the store hold?'],
      ['out', 200, 'One thousand numbers of fifty digits.'],
    ],
  },
  {
    contact: 5,
    campaign: 'General',
    subject: 'Notation for the operation cards',
    source: 'email',
    moves: [['Closed', 4]],
    tags: [ANALYTICAL, 'duplicate'],
    messages: [['in', 0, 'Is the card notation documented?']],
  },
  {
    contact: 0,
    campaign: 'Support',
    subject: 'Review of the feed mechanism change',
    source: 'email',
    moves: [
      ['Open', 1],
      ['Closed', 26],
    ],
    tags: [DIFF, 'pr:1'],
    messages: [
      ['in', 0, 'Could you review my change to the feed?'],
      ['out', 15, 'Looks good, merged.'],
    ],
  },
  {
    contact: 2,
    campaign: 'General',
    subject: 'Request for an interview',
    source: 'twitter',
    moves: [],
    tags: [NOTES],
    messages: [
      ['in', 0, 'Could Ada speak about the Notes?'],
      ['in', 20, 'Any day next week works.'],
    ],
  },
  {
    contact: 1,
    campaign: 'Support',
    subject: 'Error in the Bernoulli numbers table',
    source: 'email',
    moves: [['Open', 6]],
    tags: [NOTES, 'bug'],
    messages: [
      ['in', 0, 'B7 looks wrong in the table.'],
      ['out', 120, 'Checking the derivation.'],
      ['in', 400, 'Here is my working.'],
      ['out', 500, 'You are right, fixing it.'],
    ],
  },
  {
    contact: 3,
    campaign: 'Sales',
    subject: 'Invoice for the drawings',
    source: 'email',
    moves: [['Open', 2]],
    tags: [DIFF, 'pr:2', 'billing'],
    messages: [['in', 0, 'Invoice enclosed.']],
  },
];

/** Arrival of the first demo case; the others follow a day apart. */
const FIRST_ARRIVAL = parseDate('2026-03-02T09:00:00-0300')!;
const HOUR = 3_600_000;
const MINUTE = 60_000;

export function seedEngagementDemo(ctx: V2Context, log: (line: string) => void): void {
  const by = DEMO_USER.userName;
  ctx.db.transaction(() => {
    putUser(ctx, DEMO_USER.userName, DEMO_USER.apiKey, DEMO_USER.password);
    for (const name of ['Support', 'Sales']) insertCampaign(ctx, name, FIRST_ARRIVAL - 30 * 24 * HOUR, { ifMissing: true });
    const contactIds = CONTACTS.map((c, i) => {
      const at = FIRST_ARRIVAL - (10 - i) * 24 * HOUR;
      const [first, ...more] = c.profiles.map(([source, ext_id, user_name]) => ({
        source,
        ext_id,
        optional: { name: c.name, ...(user_name ? { user_name } : {}) },
      }));
      const id = createContact(
        ctx,
        by,
        {
          fields: { name: c.name, first_name: c.first, last_name: c.last, ...(c.crm ? { crm_id: c.crm } : {}) },
          extra: {},
          notes: [`Met at the Royal Society; prefers ${c.profiles[0]![0]}.`],
          tags: c.tags,
          profile: first!,
        },
        at,
      );
      for (const p of more) addProfile(ctx, by, id, p, at);
      return id;
    });
    CASES.forEach((k, i) => {
      const arrival = FIRST_ARRIVAL + i * 24 * HOUR;
      const id = createCase(
        ctx,
        by,
        { contactId: contactIds[k.contact]!, campaign: k.campaign, subject: k.subject, source: k.source, notes: [], tags: k.tags, extra: {} },
        arrival,
      );
      for (const [direction, minutes, content] of k.messages) {
        addMessage(
          ctx,
          id,
          {
            direction,
            content,
            fromId: direction === 'in' ? CONTACTS[k.contact]!.profiles[0]![1] : by,
            fromName: direction === 'in' ? CONTACTS[k.contact]!.name : by,
          },
          arrival + minutes * MINUTE,
        );
      }
      for (const [state, hours] of k.moves) moveCase(ctx, id, state, arrival + hours * HOUR);
      const last = Math.max(arrival, ...k.moves.map(([, h]) => arrival + h * HOUR), ...k.messages.map(([, m]) => arrival + m * MINUTE));
      setCaseUpdateTime(ctx, id, last);
    });
  })();
  log(
    `v2 engagement demo: API user "${DEMO_USER.userName}" with the documented demo apiKey and password (docs/EMULATOR-V2.md); ${CONTACTS.length} contacts, ${CASES.length} cases`,
  );
}
