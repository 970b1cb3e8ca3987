// The engagement (v2) client: one typed method per row of the v2 document,
// plus campaigns, messages and the cases linked to a repository.
import * as z from 'zod/mini';
import type { EngagementDate } from './dates';
import {
  campaignSchema,
  campaignStatsSchema,
  caseSchema,
  contactSchema,
  createdCampaignSchema,
  createdCaseSchema,
  createdContactSchema,
  meSchema,
  messageResultSchema,
  pageSchema,
  profilesSchema,
  tagsSchema,
  type Campaign,
  type CampaignStats,
  type Case,
  type CaseState,
  type Contact,
  type MeStatus,
  type Profile,
} from './schemas';
import { Transport, type EngagementToken, type Params, type TransportOptions } from './transport';

export type EngagementClientOptions = TransportOptions;

/** Extra attributes: any other parameter the service stores on the record. */
type Attributes = Record<string, string | number | boolean | undefined>;

export interface ContactInput {
  name?: string;
  first_name?: string;
  last_name?: string;
  crm_id?: string;
  client_id?: string;
  extended_value?: string;
  notes?: string[];
  tags?: string[];
  attributes?: Attributes;
}

export interface CaseInput {
  campaign?: string;
  subject?: string;
  source?: string;
  private?: boolean;
  notes?: string[];
  tags?: string[];
  attributes?: Attributes;
}

export interface CaseUpdate extends CaseInput {
  state?: CaseState;
  /** Emulator extension: a reply sent to the contact (counts in messages_sent). */
  replies?: string[];
}

interface PageQuery {
  count?: number;
  index?: number;
  order_by?: string;
  order_dir?: 'ASC' | 'DESC';
}

export interface ContactQuery extends PageQuery {
  crm_id?: string;
  name?: string;
  updated_since?: Date | EngagementDate;
}

export interface CaseQuery extends PageQuery {
  contact_id?: number;
  campaign_id?: number;
  state?: CaseState;
  source?: string;
  /** Cases having every one of these tags. */
  with_tag?: string | string[];
  /** Cases having none of these tags. */
  without_tag?: string | string[];
  created_since?: Date | EngagementDate;
  updated_since?: Date | EngagementDate;
}

export interface MessageInput {
  campaign: string;
  source: 'email' | 'custom';
  fromId: string;
  fromName: string;
  content: string;
  fromUserName?: string;
  fromCrmId?: string;
  subject?: string;
  UUID?: string;
}

export interface Page<T> {
  total: number;
  items: T[];
}

/** The largest page the service serves. */
export const MAX_PAGE_SIZE = 100;

const contactPage = pageSchema(contactSchema);
const casePage = pageSchema(caseSchema);
const campaignPage = pageSchema(campaignSchema);
const updatedContact = z.extend(contactSchema, { success: z.literal(true) });
const updatedCase = z.extend(caseSchema, { success: z.literal(true) });

/** A record's parameters: fields as they are, notes/tags/replies as repeated note=/tag=/reply=, attributes as extra names. */
function recordParams(input: ContactInput & CaseUpdate): Params {
  const { notes, tags, replies, attributes, ...fields } = input;
  return { ...attributes, ...fields, note: notes, tag: tags, reply: replies };
}

export class EngagementClient {
  private readonly transport: Transport;

  constructor(options: EngagementClientOptions) {
    this.transport = new Transport(options);
  }

  /** POST /api/v2/authenticate: gets a new access token now (calls do this by themselves when needed). */
  authenticate(): Promise<EngagementToken> {
    return this.transport.authenticate();
  }

  /** The token in use, if any. */
  get token(): EngagementToken | undefined {
    return this.transport.currentToken();
  }

  /** GET /api/v2/me, with the current token (if any) and no renewal: it answers logged_in false instead of 401. */
  me(): Promise<MeStatus> {
    return this.transport.callPublic('get', 'me', { access_token: this.token?.accessToken }, meSchema);
  }

  // Contacts

  /** POST /api/v2/contact (name required), with echo_data so the new contact comes back. */
  async createContact(input: ContactInput & { name: string }): Promise<Contact> {
    const created = await this.transport.call('post', 'contact', { ...recordParams(input), echo_data: true }, createdContactSchema);
    return created.data ?? this.getContact(created.contact_id);
  }

  /** POST /api/v2/contact/<id> */
  updateContact(id: number, input: ContactInput): Promise<Contact> {
    return this.transport.call('post', `contact/${id}`, recordParams(input), updatedContact);
  }

  /** GET /api/v2/contact/<id> */
  getContact(id: number): Promise<Contact> {
    return this.transport.call('get', `contact/${id}`, {}, contactSchema);
  }

  /** GET /api/v2/contact: one page. */
  searchContacts(query: ContactQuery = {}): Promise<Page<Contact>> {
    return this.transport.call('get', 'contact', { ...query }, contactPage);
  }

  /** Every contact matching, page after page. */
  contacts(query: ContactQuery = {}): AsyncIterableIterator<Contact> {
    return paginate((q) => this.searchContacts({ ...query, ...q }), query);
  }

  /** GET /api/v2/contact/<id>/profiles */
  async listProfiles(contactId: number): Promise<Profile[]> {
    return (await this.transport.call('get', `contact/${contactId}/profiles`, {}, profilesSchema)).profiles;
  }

  /** POST /api/v2/contact/<id>/profiles/add (source and ext_id required); answers the contact's profiles. */
  async addProfile(
    contactId: number,
    profile: {
      source: string;
      ext_id: string;
      user_name?: string;
      name?: string;
      image_url?: string;
      about?: string;
      location?: string;
      followers?: number;
      following?: number;
      gender?: string;
    },
  ): Promise<Profile[]> {
    return (await this.transport.call('post', `contact/${contactId}/profiles/add`, { ...profile }, profilesSchema)).profiles;
  }

  /** POST /api/v2/contact/<id>/profiles/remove; the service refuses to remove the last one. */
  async removeProfile(contactId: number, source: string, extId: string): Promise<Profile[]> {
    return (await this.transport.call('post', `contact/${contactId}/profiles/remove`, { source, ext_id: extId }, profilesSchema)).profiles;
  }

  /** GET /api/v2/contact/<id>/tags */
  async listContactTags(contactId: number): Promise<string[]> {
    return (await this.transport.call('get', `contact/${contactId}/tags`, {}, tagsSchema)).tags;
  }

  /** POST /api/v2/contact/<id>/tags with repeated add= and remove=; answers the whole contact. */
  changeContactTags(contactId: number, change: { add?: string[]; remove?: string[] }): Promise<Contact> {
    return this.transport.call('post', `contact/${contactId}/tags`, { add: change.add, remove: change.remove }, updatedContact);
  }

  // Cases

  /** POST /api/v2/case; the new case is Arrived. */
  async createCase(contactId: number, input: CaseInput = {}): Promise<Case> {
    const created = await this.transport.call('post', 'case', { ...recordParams(input), contact_id: contactId, echo_data: true }, createdCaseSchema);
    return created.data ?? this.getCase(created.case_id);
  }

  /** POST /api/v2/case/<id>: fields, notes, tags, state (Arrived → Open → Closed → Open…). */
  updateCase(id: number, update: CaseUpdate): Promise<Case> {
    return this.transport.call('post', `case/${id}`, recordParams(update), updatedCase);
  }

  /** GET /api/v2/case/<id> */
  getCase(id: number): Promise<Case> {
    return this.transport.call('get', `case/${id}`, {}, caseSchema);
  }

  /** GET /api/v2/case: one page. */
  searchCases(query: CaseQuery = {}): Promise<Page<Case>> {
    return this.transport.call('get', 'case', { ...query }, casePage);
  }

  /** Every case matching, page after page. */
  cases(query: CaseQuery = {}): AsyncIterableIterator<Case> {
    return paginate((q) => this.searchCases({ ...query, ...q }), query);
  }

  /** GET /api/v2/case/<id>/tags */
  async listCaseTags(caseId: number): Promise<string[]> {
    return (await this.transport.call('get', `case/${caseId}/tags`, {}, tagsSchema)).tags;
  }

  /** POST /api/v2/case/<id>/tags; answers the whole case. */
  changeCaseTags(caseId: number, change: { add?: string[]; remove?: string[] }): Promise<Case> {
    return this.transport.call('post', `case/${caseId}/tags`, { add: change.add, remove: change.remove }, updatedCase);
  }

  /**
   * The cases linked to a repository: tagged `repo:<owner>/<name>`, and
   * `pr:<number>` as well when a pull request is given.
   */
  async listCasesOfRepository(owner: string, name: string, options: { prNumber?: number; state?: CaseState } = {}): Promise<Case[]> {
    const with_tag = [`repo:${owner}/${name}`, ...(options.prNumber === undefined ? [] : [`pr:${options.prNumber}`])];
    const all: Case[] = [];
    for await (const c of this.cases({ with_tag, state: options.state, order_by: 'update_date', order_dir: 'DESC' })) all.push(c);
    return all;
  }

  // Messages and campaigns

  /** POST /api/v2/message: routed to the contact's open case in the campaign, or a new case. */
  sendMessage(message: MessageInput): Promise<{ caseId: number; uuid: string }> {
    return this.transport.call('post', 'message', { ...message }, messageResultSchema).then((r) => ({ caseId: r.case_id, uuid: r.UUID }));
  }

  async listCampaigns(): Promise<Campaign[]> {
    return (await this.transport.call('get', 'campaign', {}, campaignPage)).items;
  }

  async createCampaign(name: string): Promise<number> {
    return (await this.transport.call('post', 'campaign', { name }, createdCampaignSchema)).campaign_id;
  }

  /** GET /api/v2/campaign/stats (shape: docs/EMULATOR-V2.md). */
  async campaignStats(query: { campaign_id?: number; created_since?: Date | EngagementDate } = {}): Promise<CampaignStats[]> {
    return (await this.transport.call('get', 'campaign/stats', { ...query }, campaignStatsSchema)).items;
  }
}

/** Walks count/index pages until `total` is reached (or a page comes back short). */
async function* paginate<T>(fetchPage: (q: { count: number; index: number }) => Promise<Page<T>>, query: PageQuery): AsyncIterableIterator<T> {
  const count = query.count ?? MAX_PAGE_SIZE;
  let index = query.index ?? 0;
  for (;;) {
    const page = await fetchPage({ count, index });
    yield* page.items;
    index += page.items.length;
    if (page.items.length < count || index >= page.total) return;
  }
}
