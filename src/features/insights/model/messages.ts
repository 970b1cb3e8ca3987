// The messages between the Insights panel's host (the extension) and its
// webview: one discriminated union each way, validated with zod on both
// sides. Nothing here carries a token: the host makes every request.
// zod/mini: the webview bundle carries the same schemas at a tenth of the size.
import * as z from 'zod/mini';
import { CASE_STATES } from './caseRows';

export const CHARTS = ['contributors', 'commitActivity', 'codeFrequency', 'participation', 'punchCard'] as const;
export type ChartName = (typeof CHARTS)[number];
export const TABS = ['statistics', 'cases'] as const;
export type InsightsTab = (typeof TABS)[number];

const int = z.int();
const ints = z.array(z.number());
const stateSchema = z.enum(CASE_STATES);
const dateStamp = z.nullable(z.object({ iso: z.string(), text: z.string() }));
const caseId = z.int().check(z.positive());
const pullNumber = z.int().check(z.positive());

const chartData = z.discriminatedUnion('chart', [
  z.object({
    chart: z.literal('contributors'),
    weeks: ints,
    contributors: z.array(z.object({ login: z.string(), avatarUrl: z.optional(z.string()), commits: ints, additions: ints, deletions: ints })),
  }),
  z.object({ chart: z.literal('commitActivity'), weeks: ints, totals: ints, days: z.array(ints) }),
  z.object({ chart: z.literal('codeFrequency'), weeks: ints, additions: ints, deletions: ints }),
  z.object({ chart: z.literal('participation'), weeks: ints, owner: ints, all: ints, others: ints }),
  z.object({ chart: z.literal('punchCard'), grid: z.array(ints), max: z.number(), total: z.number() }),
]);
export type ChartData = z.infer<typeof chartData>;

const caseRowSchema = z.object({
  id: caseId,
  subject: z.string(),
  state: stateSchema,
  contact: z.string(),
  campaign: z.string(),
  source: z.string(),
  created: dateStamp,
  updated: dateStamp,
  slaSeconds: z.number(),
  handlingMs: z.number(),
  tags: z.array(z.string()),
  pulls: z.array(pullNumber),
});

const caseDetailsSchema = z.extend(caseRowSchema, {
  contactId: int,
  profiles: z.array(z.object({ source: z.string(), extId: z.string(), userName: z.optional(z.string()), name: z.optional(z.string()) })),
  notes: z.array(z.object({ date: z.string(), text: z.string(), userName: z.string() })),
  history: z.object({ inbox: dateStamp, firstOpen: dateStamp, lastOpen: dateStamp, unansweredSince: dateStamp, reopened: z.boolean() }),
  messages: z.object({ received: int, sent: int }),
});

const serverFilterSchema = z.object({ state: z.union([stateSchema, z.literal('all')]), pull: z.nullable(pullNumber) });

export const hostToWebview = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('init'),
    repo: z.object({ owner: z.string(), name: z.string() }),
    /** Where a command asked the panel to go (a pull request's cases, say); undefined keeps the restored state. */
    focus: z.optional(z.object({ tab: z.enum(TABS), pull: z.nullable(pullNumber) })),
    strings: z.record(z.string(), z.string()),
    locale: z.string(),
  }),
  z.object({ type: z.literal('focus'), tab: z.enum(TABS), pull: z.nullable(pullNumber) }),
  z.object({ type: z.literal('statsPending'), chart: z.enum(CHARTS), attempt: int, maxAttempts: int, nextDelayMs: z.number() }),
  z.object({ type: z.literal('chart'), data: chartData }),
  z.object({ type: z.literal('chartError'), chart: z.enum(CHARTS), message: z.string() }),
  z.object({ type: z.literal('casesSignedOut') }),
  /** The repository's hosting service has no engagement service: why, in the panel (not an error). */
  z.object({ type: z.literal('casesUnavailable'), message: z.string() }),
  /** The engagement sign-in changed: the webview asks for its list again. */
  z.object({ type: z.literal('refreshCases') }),
  z.object({
    type: z.literal('cases'),
    rows: z.array(caseRowSchema),
    /** Index of the first row (0: a new list; more: a page to append). */
    index: z.int().check(z.nonnegative()),
    total: z.int().check(z.nonnegative()),
    counts: z.object({ Arrived: int, Open: int }),
    contacts: z.array(z.object({ id: int, name: z.string() })),
    campaigns: z.array(z.string()),
  }),
  z.object({ type: z.literal('casesFailed'), message: z.string() }),
  /** The header's counts read again after a case changed state. */
  z.object({ type: z.literal('caseCounts'), counts: z.object({ Arrived: int, Open: int }) }),
  /** noteDraft: the case's note written and not yet added (kept by the host across reloads). */
  z.object({ type: z.literal('caseDetails'), details: caseDetailsSchema, noteDraft: z.optional(z.string().check(z.maxLength(10_000))) }),
  z.object({ type: z.literal('caseGone'), id: caseId, message: z.string() }),
  /** The notes of this panel's engagement service that wait for it to answer (or that it refused: `error`, its words), drawn in their case's notes. */
  z.object({
    type: z.literal('queuedNotes'),
    notes: z.array(z.object({ key: z.string(), caseId, text: z.string(), error: z.optional(z.string()) })),
  }),
  /** The case's note box's text was queued (the service did not answer): the box empties. */
  z.object({ type: z.literal('noteQueued'), id: caseId }),
  z.object({ type: z.literal('actionFailed'), message: z.string() }),
  z.object({ type: z.literal('caseCreated'), id: caseId }),
]);
export type HostToWebview = z.infer<typeof hostToWebview>;

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const tag = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));

export const webviewToHost = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('retryStats') }),
  /** Every statistics card is drawn (a chart, its table, an error or nothing to draw). */
  z.object({ type: z.literal('statsDrawn') }),
  z.object({ type: z.literal('signIn') }),
  z.object({ type: z.literal('loadCases'), filter: serverFilterSchema, index: z.int().check(z.nonnegative()) }),
  z.object({ type: z.literal('openCase'), id: caseId }),
  z.object({
    type: z.literal('createCase'),
    subject: text(300),
    contact: z.union([z.object({ id: z.int().check(z.positive()) }), z.object({ name: text(200), email: z.optional(z.email()) })]),
    campaign: text(100),
    note: z.optional(z.string().check(z.maxLength(10_000))),
    pull: z.nullable(pullNumber),
  }),
  z.object({ type: z.literal('addNote'), id: caseId, text: text(10_000) }),
  /** The case's note box as typed (an empty text: nothing left to keep). */
  z.object({ type: z.literal('noteDraft'), id: caseId, text: z.string().check(z.maxLength(10_000)) }),
  z.object({ type: z.literal('setState'), id: caseId, state: z.enum(['Open', 'Closed']) }),
  /** A queued note's Copy or Discard (the host asks before it discards). */
  z.object({ type: z.literal('queuedNote'), key: z.string().check(z.maxLength(100)), action: z.enum(['copy', 'discard']) }),
  z.object({ type: z.literal('changeTags'), id: caseId, add: z.array(tag).check(z.maxLength(50)), remove: z.array(tag).check(z.maxLength(50)) }),
]);
export type WebviewToHost = z.infer<typeof webviewToHost>;
