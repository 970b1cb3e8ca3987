// Cases → rows, filters and links (docs/service-api/decisions §4: a case
// belongs to a repository by `repo:<owner>/<name>`, to a pull request by
// `pr:<number>`).
import assert from 'node:assert/strict';
import { caseDetails, caseRow, compactDuration, filterRows, NO_FILTER, relativeParts, type CaseRow } from '../../../../src/features/insights/model/caseRows';
import { pullNumbersOf, pullTag, repoTag } from '../../../../src/util/caseLinks';
import { parseEngagementDate, type Case } from '../../../../src/engagement';

const date = (text: string) => parseEngagementDate(text)!;
const demoCase = (over: Partial<Case> = {}): Case =>
  ({
    id: 7,
    first_open_date: date('2026-03-02T10:00:00-0300'),
    last_open_date: null,
    inbox_date: date('2026-03-02T09:00:00-0300'),
    reopened: false,
    campaign: { id: 1, name: 'Support' },
    source: 'email',
    private: false,
    subject: 'Carry mechanism jams',
    contact: {
      id: 3,
      name: 'Charles Babbage',
      cases: 1,
      profiles: [{ id: 1, source: 'email', ext_id: 'charles@difference.engine' }],
      url: '',
      tags: [],
      notes: [],
      creation_date: null,
      update_date: null,
      updated_by: null,
    },
    state: 'Open',
    credits: 0,
    we_did_not_reply_since_date: null,
    handling_ms: 3_600_000,
    sla_seconds: 5400,
    messages_sent: 1,
    messages_received: 2,
    messages: 3,
    url: '',
    tags: ['repo:analytical-engines/difference-engine', 'pr:12', 'bug', 'pr:1'],
    notes: [{ date: Date.UTC(2026, 2, 2, 12), text: '<b>not html</b>', userName: 'ada' }],
    creation_date: date('2026-03-02T09:00:00-0300'),
    update_date: date('2026-03-03T09:00:00-0300'),
    updated_by: 'ada',
    ...over,
  }) as Case;

describe('insights: cases linked to a repository', () => {
  it('links by tags: repo:<owner>/<name>, and pr:<number> for a pull request', () => {
    assert.equal(repoTag('ada', 'notes'), 'repo:ada/notes');
    assert.equal(pullTag(3), 'pr:3');
    const tags = ['repo:ada/notes', 'pr:3', 'pr:x', 'pr:3'];
    assert.deepEqual(pullNumbersOf(tags), [3]);
  });

  it('a row has subject, state, contact, campaign, dates (instant and the service text), SLA, handling time and pull requests', () => {
    const r = caseRow(demoCase());
    assert.equal(r.subject, 'Carry mechanism jams');
    assert.equal(r.contact, 'Charles Babbage');
    assert.deepEqual(r.updated, { iso: '2026-03-03T12:00:00.000Z', text: '2026-03-03T09:00:00-0300' });
    assert.deepEqual(r.pulls, [1, 12]);
    assert.equal(r.slaSeconds, 5400);
    assert.equal(caseRow(demoCase({ subject: null })).subject, '');
  });

  it('details keep note text as given (text, never HTML) with dates, profiles and history', () => {
    const d = caseDetails(demoCase());
    assert.equal(d.notes[0]!.text, '<b>not html</b>');
    assert.equal(d.notes[0]!.date, '2026-03-02T12:00:00.000Z');
    assert.deepEqual(d.profiles, [{ source: 'email', extId: 'charles@difference.engine', userName: undefined, name: undefined }]);
    assert.equal(d.history.firstOpen?.text, '2026-03-02T10:00:00-0300');
    assert.equal(d.history.lastOpen, null);
  });

  it('filters by state, pull request and words (subject, contact, campaign, tags, #id)', () => {
    const rows: CaseRow[] = [
      caseRow(demoCase()),
      caseRow(demoCase({ id: 8, state: 'Closed', subject: 'Invoice', tags: ['repo:analytical-engines/difference-engine', 'billing'] })),
    ];
    assert.deepEqual(
      filterRows(rows, NO_FILTER).map((r) => r.id),
      [7, 8],
    );
    assert.deepEqual(
      filterRows(rows, { ...NO_FILTER, state: 'Closed' }).map((r) => r.id),
      [8],
    );
    assert.deepEqual(
      filterRows(rows, { ...NO_FILTER, pull: 12 }).map((r) => r.id),
      [7],
    );
    assert.deepEqual(
      filterRows(rows, { ...NO_FILTER, text: 'BILLING' }).map((r) => r.id),
      [8],
    );
    assert.deepEqual(
      filterRows(rows, { ...NO_FILTER, text: '#7 babbage' }).map((r) => r.id),
      [7],
    );
    assert.deepEqual(filterRows(rows, { ...NO_FILTER, text: 'nothing-like-it' }), []);
  });

  it('dates relative to now in the largest unit, durations in two units', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    assert.deepEqual(relativeParts('2026-03-10T10:00:00Z', now), { value: -2, unit: 'hour' });
    assert.deepEqual(relativeParts('2026-03-01T12:00:00Z', now), { value: -1, unit: 'week' });
    assert.deepEqual(relativeParts('2026-03-10T11:59:40Z', now), { value: 0, unit: 'minute' });
    assert.equal(compactDuration(5400_000), '1h 30m');
    assert.equal(compactDuration(3 * 86_400_000 + 4 * 3_600_000 + 5000), '3d 4h');
    assert.equal(compactDuration(0), '0s');
  });
});
