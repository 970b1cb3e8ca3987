// Rewrites the comments that cite the services' documents ("document 2,
// "Statistics"", "the spec README, webhook decisions"…), which live outside
// this repository, so that they cite the project's own reference instead:
// `docs/service-api/<file> §N` (docs/service-api/README.md says how to cite).
//
//   node scripts/cite-service-api.mjs            rewrite in place, then report
//   node scripts/cite-service-api.mjs --dry-run  report only
//   node scripts/cite-service-api.mjs src/a.ts   only these files or folders
//
// Each row of CITATIONS is one citation form found in the code, written as it
// reads there; a space in it also matches a line break followed by the next
// line's comment marker (`//`, `*`, `--`, `#`), and letter case is ignored. In
// a target, `hosting/… §N`, `engagement/… §N` and `decisions §N` become
// `docs/service-api/… §N`. Longer forms are tried first. Running it again
// changes nothing (no target contains a form). It prints how many citations it
// mapped and every citation left that it could not map (with file and line),
// and exits 1 when there is one; a bare "rule N" in src/ or emulator/src/ is
// one (cite `docs/service-api/<file> §N` by hand: what the rule says decides
// the section).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * [citation form as the code writes it, what it becomes, and, for a form that
 * means different things in different files, the files (a pattern on the
 * path from the repository's root) where it means this].
 */
export const CITATIONS = [
  // ── document 1: hosting v3 conventions, authentication, OAuth, webhooks ──
  ['Document 1, "Authorizations" (Basic Authentication only; a user reaches only their own tokens) and "Application-side token operations"', 'hosting/auth §11 (Basic Authentication only; a user reaches only their own tokens) and §12'],
  ['Document 1, "Authorizations" and "Application-side token operations", with the token lifecycle of "States and transitions"', 'hosting/auth §11 and §12, with the token lifecycle of §13'],
  ['Document 1, "Authentication", "Scopes" and "Scope headers on API responses"', 'hosting/auth §1–§9'],
  ['Document 1, "Authentication" (Basic)', 'hosting/auth §1–§4 (Basic)'],
  ['(document 1, "Authentication")', '(hosting/auth §1–§5)'],
  ['(document 1, Authentication)', '(hosting/auth §1–§4)'],
  ['v3 authentication (document 1)', 'v3 authentication (hosting/auth §1–§9)'],
  ['Document 1, "Scopes": a scope only limits access', 'hosting/auth §6: a scope only limits access'],
  ['(document 1, "Scopes": with no scope a token is read-only)', '(hosting/auth §6: with no scope a token is read-only)'],
  ['OAuth scopes (document 1, "Scopes")', 'OAuth scopes (hosting/auth §6, §7)'],
  ['implies (document 1, "Scopes")', 'implies (hosting/auth §6)'],
  ['(document 1, Scopes; the hierarchy in the table', '(hosting/auth §6, §7, §9; the hierarchy in the table'],
  ['emulator v3 scopes (document 1, Scopes)', 'emulator v3 scopes (hosting/auth §6, §7)'],
  ['OAuth scopes of document 1:', 'OAuth scopes of hosting/auth §6, §7:'],
  ['scope parsing (document 1, Scope headers on API responses)', 'scope parsing (hosting/auth §9)'],
  ["GET /user of document 1's scope headers", 'GET /user with the scope headers of hosting/auth §9'],
  ['The token endpoints of document 1 as an emulator module', 'The token endpoints (hosting/auth §11, §12) as an emulator module'],
  ['document 1. Token values are returned once', 'hosting/auth §10–§13. Token values are returned once'],
  ['The authorization record of document 1;', 'The authorization record of hosting/auth §10;'],
  ['v3 authorizations and application tokens (document 1)', 'v3 authorizations and application tokens (hosting/auth §11–§13)'],
  ['(document 1: the six /authorizations rows', '(hosting/auth §11: the six /authorizations rows'],
  ['(document 1, Authorizations and application-side token operations)', '(hosting/auth §11, §12)'],
  ['(document 1, web flow rule 5 and Authentication rules 2-3)', '(hosting/oauth §6, hosting/auth §3, §4)'],
  ['(document 1, web flow rule 5)', '(hosting/oauth §6)'],
  ['POST /authorizations with Basic (document 1)', 'POST /authorizations with Basic (hosting/auth §11)'],
  ['(document 1: Errors, Authentication rules 2-3, Limits)', '(hosting/conventions §11–§13, hosting/auth §3, §4)'],
  ['Document 1, "Web application flow" (steps 1 and 2, rules 1-4) and "OAuth errors"', 'hosting/oauth §1–§5 (steps 1 and 2, rules 1-4) and §7–§9'],
  ['Document 1, "Web application flow" and "OAuth errors"', 'hosting/oauth §1–§9'],
  ['OAuth web application flow (document 1)', 'OAuth web application flow (hosting/oauth §1–§9)'],
  ['OAuth web flow against the emulator (document 1)', 'OAuth web flow against the emulator (hosting/oauth §1–§9)'],
  ['web flow of document 1:', 'web flow (hosting/oauth §1):'],
  ['(document 1, web application flow)', '(hosting/oauth §1)'],
  ['The web application flow of document 1 at', 'The web application flow (hosting/oauth §1) at'],
  ['web flow step 1: state and authorize URL (document 1)', 'web flow step 1: state and authorize URL (hosting/oauth §1–§3)'],
  ['Comma-separated, as document 1 says; omitted when empty (rule 1)', 'Comma-separated, as hosting/oauth §1 says; omitted when empty (§2)'],
  ['(spec, OAuth web flow rule 1)', '(hosting/oauth §2)'],
  ['Document 1, web flow rule 3 and "OAuth errors"', 'hosting/oauth §4 and §7–§9'],
  ['(document 1, rule 3, OAuth errors)', '(hosting/oauth §4, §7–§9)'],
  ['Document 1, web application flow, rule 4:', 'hosting/oauth §5:'],
  ['(document 1, web flow rule 4)', '(hosting/oauth §5)'],
  ['(document 1, rule 4:', '(hosting/oauth §5:'],
  ['OAuth errors of document 1 ("OAuth errors")', 'OAuth errors of hosting/oauth §7, §8'],
  ['The OAuth errors of the spec,', 'The OAuth errors (hosting/oauth §7–§9),'],
  ['Document 1, "User summary": avatar_url', 'hosting/users §1: avatar_url'],
  ['Document 1, "User summary", and the users', 'hosting/users §1, and the users'],
  ['every field of document 1, with URI templates', 'every field of hosting/users §1, with URI templates'],
  ["'document 1, user summary: these are URI templates", "'hosting/users §1: these are URI templates"],
  ["(document 1's user summary)", '(hosting/users §1)'],
  ['the user summary of document 1, the organization', 'the user summary of hosting/users §1, the organization (§2)'],
  ['The user summary of document 1 (also for organizations: type Organization)', 'The user summary of hosting/users §1 (also for organizations: type Organization, §2)'],
  ['the user summary of document 1,', 'the user summary of hosting/users §1,'],
  ['A user summary as document 1 describes it', 'A user summary as hosting/users §1 describes it'],
  ['Document 1, "Protocol conventions" and "Versioning"', 'hosting/conventions §1–§10 and §15'],
  ['v3 protocol conventions (document 1)', 'v3 protocol conventions (hosting/conventions §1–§10)'],
  ['emulator v3 protocol conventions (document 1)', 'emulator v3 protocol conventions (hosting/conventions §1–§15)'],
  ['(document 1, "Protocol conventions", "Versioning", "Errors";', '(hosting/conventions §1–§12, §15;'],
  ['Protocol conventions of document 1 for every v3 request', 'Protocol conventions (hosting/conventions §1–§15) for every v3 request'],
  ['(document 1, protocol convention 2)', '(hosting/conventions §3)'],
  ['(document 1, convention 1)', '(hosting/conventions §5)'],
  ['(document 1, Protocol convention 7)', '(hosting/conventions §8)'],
  ['Document 1, convention 8 (hypermedia)', 'hosting/conventions §9 (hypermedia)'],
  ['document 1, convention 8 (hypermedia)', 'hosting/conventions §9 (hypermedia)'],
  ['(document 1, rule 9)', '(hosting/conventions §10)'],
  ['(document 1: Limits, Protocol conventions 7, Versioning; document 2: Statistics)', '(hosting/conventions §8, §13–§15; hosting/statistics §1)'],
  ['Error bodies of document 1 ("Errors")', 'Error bodies of hosting/conventions §11, §12'],
  ['(document 1, "Errors"; docs/EMULATOR.md', '(hosting/conventions §11, §12; docs/EMULATOR.md'],
  ['emulator v3 error bodies (document 1, Errors)', 'emulator v3 error bodies (hosting/conventions §11, §12)'],
  ['error shapes (document 1, "Errors")', 'error shapes (hosting/conventions §11)'],
  ['Errors (document 1) and the v2 envelope (document 3)', 'Errors (hosting/conventions §11) and the v2 envelope (engagement/conventions §5, §7)'],
  ['(document 1, Client errors)', '(hosting/conventions §11)'],
  ['(document 1: client errors, the failed-login lockout, conditional requests, the enterprise form, rate limits)', '(hosting/conventions §1, §11, §13, §16, hosting/auth §4)'],
  ['v3 client errors and protocol rules against the emulator (document 1)', 'v3 client errors and protocol rules against the emulator (hosting/conventions §1–§16)'],
  ['and the error bodies (document 1,', 'and the error bodies (hosting/conventions §11,'],
  ['Shapes shared by every resource: timestamps, the user summary of document 1, and the error bodies', 'Shapes shared by every resource: timestamps (hosting/conventions §3), the user summary of hosting/users §1, and the error bodies (hosting/conventions §11)'],
  ['Document 1, "Limits" (pagination)', 'hosting/conventions §14 (pagination)'],
  ['Document 1, "Limits" (rate limits)', 'hosting/conventions §13 (rate limits)'],
  ['Pagination of document 1:', 'Pagination of hosting/conventions §14:'],
  ['(document 1, Limits: page and per_page', '(hosting/conventions §14: page and per_page'],
  ['pagination (document 1, Limits)', 'pagination (hosting/conventions §14)'],
  ['Rate limits of document 1 ("Limits")', 'Rate limits of hosting/conventions §13'],
  ['(document 1, "Limits"; docs/EMULATOR.md', '(hosting/conventions §13; docs/EMULATOR.md'],
  ['rate limits (document 1, Limits)', 'rate limits (hosting/conventions §13)'],
  ['rate limits against the emulator (document 1, Limits)', 'rate limits against the emulator (hosting/conventions §13)'],
  ['RateLimitTracker (document 1, Limits)', 'RateLimitTracker (hosting/conventions §13)'],
  ['rate-limit bookkeeping (document 1, Limits)', 'rate-limit bookkeeping (hosting/conventions §13)'],
  ['the rate limit (document 1, Limits)', 'the rate limit (hosting/conventions §13)'],
  ['Event name of document 1', 'Event name of hosting/webhooks §2'],
  ['Document 1, "Events": the operations', 'hosting/webhooks §2–§7: the operations'],
  ['(document 1, Events)', '(hosting/webhooks §1–§8)'],
  ['Document 1, "Events" rules 1-3', 'hosting/webhooks §3–§5'],
  ['(document 1, Events rules 1-3)', '(hosting/webhooks §3–§5)'],
  ['The hook services of document 1, "Events":', 'The hook services of hosting/webhooks §3, §4:'],
  ["document 1's table, plus", 'the table of hosting/webhooks §2, plus'],
  ["(document 1's push payload)", '(hosting/webhooks §7)'],
  ["Document 1's push payload lists", 'The push payload (hosting/webhooks §7) lists'],
  ['Webhooks as the spec README decides (hook endpoints, services, ping, X-Hub- Signature) and document 1, "Events" (rules 1-6)', 'Webhooks as hosting/webhooks §2–§11 describes them (hook endpoints, services, ping, X-Hub-Signature, events)'],
  ['spec README, webhook decisions; document 1, Events rule 6', 'hosting/webhooks §6, §8–§11'],
  ['(spec README, webhook decisions; document 1, Events)', '(hosting/webhooks §1–§11)'],
  ['Webhooks, as the spec README decides where document 1 is silent', 'Webhooks, as hosting/webhooks §6, §9–§11 decide'],
  ['Webhook endpoints as the spec README fixes them (document 1 leaves them out)', 'Webhook endpoints as hosting/webhooks §10 fixes them'],
  ["(document 1's hooks as the spec README decides them;", '(hosting/webhooks §10;'],
  // ── document 2: hosting v3 repository resources ──
  ['Document 2, "Repositories": the 7 rows', 'hosting/repositories §3–§8: the 7 rows'],
  ['The 7 repository rows of document 2', 'The 7 repository rows of hosting/repositories §3–§8'],
  ['// Repositories (document 2, "Repositories")', '// Repositories (hosting/repositories §3–§8)'],
  ['(document 2, Repositories;', '(hosting/repositories §3–§8;'],
  ['(document 2, Repositories)', '(hosting/repositories §3–§8)'],
  ['v3 repositories (document 2)', 'v3 repositories (hosting/repositories §1–§8)'],
  ['(document 2, GET /user/repos)', '(hosting/repositories §3)'],
  ['document 2 (POST /user/repos and POST /orgs/:org/repos)', 'hosting/repositories §7 (POST /user/repos and POST /orgs/:org/repos)'],
  ['document 2: "Other repository operations (update, delete, branches, tags, contributors) and the issue endpoints themselves: not shown"', 'hosting/repositories §9: editing, deleting, branches, tags, contributors and the issue endpoints are not described'],
  ['Document 2, "Deploy keys":', 'hosting/repositories §10:'],
  ['Deploy keys (document 2, "Deploy keys"):', 'Deploy keys (hosting/repositories §10):'],
  ['(document 2, "Deploy keys": id, key, url, title)', '(hosting/repositories §10: id, key, url, title)'],
  ['v3 deploy keys (document 2)', 'v3 deploy keys (hosting/repositories §10)'],
  ['Document 2, "Pull requests" (list and single) and the spec README\'s create, files, commits, merge and diff media type', 'hosting/pulls §3, §4 (list and single) and §5, §6 (create, files, commits), merge and diff media type'],
  ['v3 pull requests (document 2 and the spec README)', 'v3 pull requests (hosting/pulls §1–§6)'],
  ["Pull request endpoints: document 2's list and single pull request, and the README's create", 'Pull request endpoints: the list and single pull request of hosting/pulls §3, §4, and the create of §5'],
  ['the fields of document 2 (lists) and, for the single pull request, the extra fields of the spec README', 'the fields of hosting/pulls §1 (lists) and, for the single pull request, the extra fields of §4'],
  ["The pull request of lists (document 2's fields)", 'The pull request of lists (hosting/pulls §1)'],
  ['The single pull request also carries these (spec README)', 'The single pull request also carries these (hosting/pulls §4)'],
  ['(document 2, GET /repos/:owner/:repo/pulls)', '(hosting/pulls §3)'],
  ['Not rows of document 2; fixed by the spec README.', 'Decided rows: hosting/pulls §5.', /(^|\/)hosting\/pulls\.ts$/],
  ['Not rows of document 2; fixed by the spec README.', 'Decided rows: hosting/git-data §8.', /(^|\/)hosting\/git\.ts$/],
  ['pull requests and comments (document 2)', 'pull requests and comments (hosting/pulls §1–§9, hosting/comments §1–§2)'],
  ["(document 2 and the specification's README)", '(hosting/pulls §1–§9, hosting/comments §1–§2)'],
  ['spec README (pull requests): the diff media type', 'hosting/pulls §6: the diff media type'],
  ['(document 2, "Pull requests: files" and "Review comments";', '(hosting/pulls §5, §7–§9;'],
  ['Document 2, "Review comments" (6 rows)', 'hosting/pulls §8 (6 rows)'],
  ['Review comments (document 2, 6 rows)', 'Review comments (hosting/pulls §8)'],
  ['v3 review comments (document 2)', 'v3 review comments (hosting/pulls §7–§9)'],
  ['(document 2, "Review comments", POST', '(hosting/pulls §8, POST'],
  ['(document 2, Review comments)', '(hosting/pulls §8, §9)'],
  ["first `@@` header (spec README)", 'first `@@` header (hosting/pulls §9)'],
  ['(spec README, pull requests)', '(hosting/pulls §9)'],
  ['(spec README: position n is', '(hosting/pulls §9: position n is'],
  ['(spec README: lines below the first @@ header)', '(hosting/pulls §9: lines below the first @@ header)'],
  ['Document 2, "Issue comments" (6 rows)', 'hosting/comments §2 (6 rows)'],
  ['Issue comments (document 2, 6 rows)', 'Issue comments (hosting/comments §2)'],
  ['v3 issue comments (document 2)', 'v3 issue comments (hosting/comments §1, §2)'],
  ['Document 2, "Gist comments" (5 rows)', 'hosting/comments §4 (5 rows)'],
  ['Gist comments (document 2, 5 rows)', 'Gist comments (hosting/comments §4)'],
  ['v3 gist comments (document 2)', 'v3 gist comments (hosting/comments §3, §4)'],
  ['(document 2, "Gist comments")', '(hosting/comments §3, §4)'],
  ['(document 2 only has gist comments;', '(hosting/comments §4 has only gist comments;'],
  ['Comment endpoints of document 2:', 'Comment endpoints of hosting/comments §2, §4 and hosting/pulls §8:'],
  ['(document 2 does not say; the service family works this way)', '(hosting/comments §6)'],
  ['(document 2, "Versioning")', '(hosting/comments §5)'],
  ['(document 2, Versioning)', '(hosting/comments §5)'],
  ['word of the media types (document 2, Versioning)', 'word of the media types (hosting/conventions §15)'],
  ['Document 2, "Teams": the 14 rows', 'hosting/organizations §3: the 14 rows'],
  ['Teams: the 14 rows of document 2', 'Teams: the 14 rows of hosting/organizations §3'],
  ['v3 teams (document 2)', 'v3 teams (hosting/organizations §1–§4)'],
  ['Teams (document 2, all 14 rows)', 'Teams (hosting/organizations §3, all 14 rows)'],
  ['teams and organization members (document 2)', 'teams and organization members (hosting/organizations §1–§6)'],
  ['Document 2, "Organization members": the 7 rows', 'hosting/organizations §6: the 7 rows'],
  ['Organization members, the 7 rows of document 2', 'Organization members, the 7 rows of hosting/organizations §6'],
  ['v3 organization members (document 2)', 'v3 organization members (hosting/organizations §5, §6)'],
  ['(document 2, "Organization members")', '(hosting/organizations §5, §6)'],
  ['(document 2): the org_memberships row', '(hosting/organizations §5): the org_memberships row'],
  ['no endpoint of their own in document 2', 'no endpoint of their own in hosting/labels §2'],
  ['derived from teams (document 2)', 'derived from teams (hosting/organizations §5)'],
  ['(user-shaped with type Organization, document 2)', '(user-shaped with type Organization, hosting/users §2)'],
  ['(document 2: users and organizations, pull request files, review comments)', '(hosting/users §1, §2, hosting/pulls §5, §7)'],
  ['Document 2, "Releases": the four rows', 'hosting/releases §5: the four rows'],
  ['The release rows of document 2 plus delete', 'The release rows of hosting/releases §5 plus delete'],
  ['(document 2, "Releases")', '(hosting/releases §1–§6)'],
  ['v3 releases and assets (document 2)', 'v3 releases and assets (hosting/releases §1–§6)'],
  ['(document 2, "Release and release asset")', '(hosting/releases §1, §2)'],
  ['release assets against the emulator (document 2)', 'release assets against the emulator (hosting/releases §1, §2, §6)'],
  ["Document 2's upload_url ends in {?name}", 'The upload_url of hosting/releases §1 ends in {?name}'],
  ["Document 2's template ends in {?name}", 'The template of hosting/releases §1 ends in {?name}'],
  ['`…/assets{?name}` (document 2;', '`…/assets{?name}` (hosting/releases §1;'],
  ['Downloads (document 2, deprecated since 11 December 2012; releases replace them)', 'Downloads (hosting/releases §7, deprecated since 11 December 2012; releases replace them)'],
  ['(document 2; deprecated since 11 December 2012, releases replace them)', '(hosting/releases §7; deprecated since 11 December 2012, releases replace them)'],
  ['Downloads (document 2, deprecated; releases replace them)', 'Downloads (hosting/releases §7, deprecated; releases replace them)'],
  ["(document 2's deprecated downloads)", '(hosting/releases §7, deprecated)'],
  ['Document 2, "Downloads" (deprecated)', 'hosting/releases §7 (deprecated)'],
  ['(document 2, "Downloads")', '(hosting/releases §7)'],
  ['v3 downloads (document 2, deprecated)', 'v3 downloads (hosting/releases §7, deprecated)'],
  ['releases, labels, deploy keys and downloads (document 2)', 'releases, labels, deploy keys and downloads (hosting/releases §1–§7, hosting/labels §1–§3, hosting/repositories §10)'],
  ["Releases, labels (with the status codes the specification's README gives), deploy keys and downloads (document 2)", 'Releases, labels (with the status codes of hosting/labels §3), deploy keys and downloads (hosting/releases §1–§7, hosting/labels §1–§3, hosting/repositories §10)'],
  ['Document 2, "Labels": the 11 rows, with the status codes the spec README decides', 'hosting/labels §2: the 11 rows, with the status codes of §3'],
  ['The 11 label rows of document 2. Status codes as the spec README decides:', 'The 11 label rows of hosting/labels §2. Status codes as §3 decides:'],
  ['v3 labels (document 2)', 'v3 labels (hosting/labels §1–§3)'],
  ['(document 2, "Labels")', '(hosting/labels §1–§3)'],
  ['(document 2, "Label": url, name, color)', '(hosting/labels §1: url, name, color)'],
  ['names the label `name` (document 2)', 'names the label `name` (hosting/labels §2)'],
  ['(document 2) so that the milestone-labels row', '(hosting/labels §2) so that the milestone-labels row'],
  ['Document 2, "Legacy search": the four rows', 'hosting/search §2: the four rows'],
  ['Legacy search (document 2, deprecated)', 'Legacy search (hosting/search §1–§3, deprecated)'],
  ['v3 legacy search (document 2, deprecated)', 'v3 legacy search (hosting/search §1–§3, deprecated)'],
  ['legacy search (document 2, deprecated; its own result shapes)', 'legacy search (hosting/search §1–§3, deprecated; its own result shapes)'],
  ['The legacy search result shapes of document 2 ("Legacy search result shapes")', 'The legacy search result shapes of hosting/search §3'],
  ['Document 2, "Git commits", "References", "Trees", and the README\'s blobs', 'hosting/git-data §1–§8'],
  ['Document 2, "Git commits", "References", "Trees" and the README\'s blobs', 'hosting/git-data §1–§8'],
  ['v3 git data (document 2: git commits, references, trees; README: blobs)', 'v3 git data (hosting/git-data §1–§8)'],
  ["The git data resources of document 2 (Git commit, Reference, Tree) and the README's blob", 'The git data resources of hosting/git-data §1–§3 and the blob of §8'],
  ['The v3 git data module: blobs, trees, commits and references of document 2', 'The v3 git data module: blobs, trees, commits and references of hosting/git-data §1–§8'],
  ['(beyond document 2: the target of a tag reference\'s `object.url`)', '(hosting/git-data §9: the target of a tag reference\'s `object.url`)'],
  ['(not a row of document 2)', '(hosting/git-data §9)'],
  ["(document 2: Git commits, References, Trees; blobs per the specification's README)", '(hosting/git-data §1–§8)'],
  ['contract: git data (document 2)', 'contract: git data (hosting/git-data §1–§8)'],
  ['(document 2: References, Git commits)', '(hosting/git-data §4, §5)'],
  ['Document 2, "References", under concurrent writers', 'hosting/git-data §5, under concurrent writers'],
  ['(spec "References": GET one or a namespace, POST, PATCH with force, DELETE; README: invalid names,', '(hosting/git-data §5: GET one or a namespace, POST, PATCH with force, DELETE; §6: invalid names,'],
  ['(spec "References", ref)', '(hosting/git-data §5, ref)'],
  ['(spec "Git commits": POST with message, tree, parents, author, committer; GET with dates in their own time zone; "Tags":', '(hosting/git-data §4: POST with message, tree, parents, author, committer; GET with dates in their own time zone; §9:'],
  ['(spec "Git commits", "Trees", "Tags";', '(hosting/git-data §1, §3, §9;'],
  ['(spec "Trees": POST with base_tree', '(hosting/git-data §7: POST with base_tree'],
  ['(spec "Trees", path)', '(hosting/git-data §7, path)'],
  ['(spec "Blobs": POST with utf-8 or base64', '(hosting/git-data §8: POST with utf-8 or base64'],
  ['(spec "Blobs", encoding)', '(hosting/git-data §8, encoding)'],
  ['(spec: "Trees" rows GET/POST, README "Blobs")', '(hosting/git-data §7, §8)'],
  ['(spec: "Git commits" and "References" rows; README: reference errors)', '(hosting/git-data §4–§6)'],
  ['(spec Errors: invalid ref name)', '(hosting/git-data §6: invalid ref name)'],
  ['README Blobs:', 'hosting/git-data §8:'],
  ['// Blobs (README)', '// Blobs (hosting/git-data §8)'],
  ['Document 2, "Statistics": the five paths', 'hosting/statistics §2–§6: the five paths'],
  ['The five statistics shapes of document 2.', 'The five statistics shapes of hosting/statistics §2–§6.'],
  ['v3 statistics with --stats-delay (document 2, the computing state)', 'v3 statistics with --stats-delay (hosting/statistics §1, the computing state)'],
  ['v3 statistics (document 2)', 'v3 statistics (hosting/statistics §1–§6)'],
  ['The statistics cache of document 2 ("States and transitions")', 'The statistics cache of hosting/statistics §1'],
  ['statistics (document 2: the five paths, 202 then 200)', 'statistics (hosting/statistics §1–§6: the five paths, 202 then 200)'],
  ['document 2 ("Statistics")', 'hosting/statistics §1–§6'],
  ['(document 2, "Statistics")', '(hosting/statistics §1–§6)'],
  ['(document 2, "Statistics"):', '(hosting/statistics §1–§6):'],
  ['w is a string, as document 2 says', 'w is a string, as hosting/statistics §2 says'],
  ['(the `w` field is a string, spec README)', '(the `w` field is a string, hosting/statistics §2)'],
  ['a string (document 2; spec README)', 'a string (hosting/statistics §2)'],
  ['(document 2 leaves issues "not shown")', '(hosting/repositories §9, decisions §5)'],
  // ── document 3: engagement v2 ──
  ['Every v2 write endpoint (document 3)', 'Every v2 write endpoint (engagement/contacts §3–§7, engagement/cases §3–§7)'],
  // ── the specification's README: what the documents leave out ──
  ['(spec README, webhook decisions)', '(hosting/webhooks §6, §9–§11)'],
  ['Webhook endpoints (spec README, webhook decisions)', 'Webhook endpoints (hosting/webhooks §10)'],
  ['Spec README, webhook decisions: X-Hub-Signature', 'hosting/webhooks §9: X-Hub-Signature'],
  ['(spec README: `sha1=` and', '(hosting/webhooks §9: `sha1=` and'],
  ["else the spec README's", 'else those of hosting/webhooks §11'],
  ["Webhooks (the specification's README)", 'Webhooks (hosting/webhooks §10)'],
  ['Conditional requests (spec README)', 'Conditional requests (hosting/conventions §16)'],
  ["and the spec README's decision on conditional requests", 'and the decision of hosting/conventions §16 on conditional requests'],
  ['(spec README, "How RepoDesk links cases to a repository")', '(decisions §4)'],
  ['(spec README: a case belongs to a repository', '(decisions §4: a case belongs to a repository'],
  ['(or `README.md`, the specification\'s README)', '(or `README.md`, where the services\' documentation records what it leaves out)'],
  ['cite the spec ("document 2, Releases")', 'cite the services\' reference ("hosting/releases §5")'],
];

// The few bare "document N" or "spec README" citations whose subject is only in
// the surrounding test title: [form with that context, what it becomes].
CITATIONS.push(
  ["title: 'contract: the user and repositories (document 2, Repositories)'", "title: 'contract: the user and repositories (hosting/repositories §3–§8)'"],
);

const PREFIX = 'docs/service-api/';
/** `hosting/auth §5` → `docs/service-api/hosting/auth §5` (only where not yet prefixed). */
export function expand(target) {
  return target.replace(/(?<![\w/])((?:hosting|engagement)\/[a-z-]+|decisions)(?= §)/g, `${PREFIX}$1`);
}

/** A line break plus the next line's comment marker, or plain whitespace. */
const GAP = String.raw`\s+(?:(?:\/\/|\*|--|#)[ \t]*)?`;
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The form as a regular expression: its spaces also match a line break and a comment marker. */
export function formPattern(form) {
  return new RegExp(form.split(/\s+/).map(escape).join(GAP), 'gi');
}

/** What is still a citation of the outside documents after the rewrite. */
export const LEFTOVER = new RegExp(
  [
    String.raw`\bdocument${GAP}[1-3]\b`,
    String.raw`\bspec(?:ification)?(?:'s)?${GAP}README\b`,
    String.raw`\bREADME's${GAP}(?:blobs?|create)\b`,
    String.raw`\bspec:?${GAP}"`,
  ].join('|'),
  'gi',
);

/**
 * A bare "rule N" (also "rules 1-3", "Authentication rule 2"): the numbering of
 * the services' own documents, which docs/service-api does not keep. Code cites
 * `docs/service-api/<file> §N` instead; this form cannot be mapped without
 * reading what the rule says, so it is reported, not rewritten.
 */
export const BARE_RULE = new RegExp(String.raw`\brules?${GAP}\d+`, 'gi');
/** The folders whose comments must not cite a bare rule. */
export const RULE_CHECKED = ['src/', 'emulator/src/'];

/** Every bare "rule N" citation in a text, with its line. */
export function bareRules(text) {
  return [...text.matchAll(BARE_RULE)].map((m) => ({ line: text.slice(0, m.index).split('\n').length, text: m[0].replace(/\s+/g, ' ') }));
}

/**
 * Replaces one match. A match that ran over a line break leaves its target on
 * the first line, with any closing punctuation that followed it; the rest of
 * the last line stays below under its own comment marker (reflow() evens the
 * lines out afterwards).
 */
function replaceAt(text, index, length, target) {
  const matched = text.slice(index, index + length);
  const end = index + length;
  if (!matched.includes('\n')) return { text: text.slice(0, index) + target + text.slice(end), next: index + target.length };
  const lastLineStart = text.lastIndexOf('\n', end - 1) + 1;
  const marker = /^[ \t]*(?:(?:\/\/|\*|--|#)[ \t]*)?/.exec(text.slice(lastLineStart))[0];
  const lineEnd = text.indexOf('\n', end) === -1 ? text.length : text.indexOf('\n', end);
  const rest = text.slice(end, lineEnd);
  const punct = /^[)\]}.,;:]*/.exec(rest)[0];
  const after = rest.slice(punct.length);
  if (!after.trim()) {
    const joined = target + rest.trimEnd();
    return { text: text.slice(0, index) + joined + text.slice(lineEnd), next: index + joined.length };
  }
  const kept = `${target}${punct}\n${marker}`;
  const resume = end + punct.length + (/^[ \t]*/.exec(after)[0].length);
  return { text: text.slice(0, index) + kept + text.slice(resume), next: index + kept.length };
}

/** Comment lines are wrapped at this width, as most of the code's are. */
export const WIDTH = 80;
const COMMENT_LINE = /^([ \t]*(?:\/\/|\*)(?: |$))(.*)$/;
/** A comment line that starts something of its own (a list item, a table row, a tag, a heading). */
const STARTS_OWN = /^(?:[-*|@#>]|\d+\.\s|```)/;

/**
 * Wraps the full-line comments (`//`, ` *`) that a citation made longer than
 * WIDTH: the words past the width move to the start of the next line of the
 * same comment, and so on down the paragraph; a new line is added at its end.
 * Lines without a citation are left alone unless they receive words.
 */
export function reflow(text) {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    let carry = false;
    for (let j = i; j < lines.length; j++) {
      const line = lines[j];
      const m = COMMENT_LINE.exec(line);
      if (!m || line.trimStart().startsWith('/**') || line.trimStart().startsWith('*/')) break;
      if (line.length <= WIDTH || (!carry && !line.includes(PREFIX))) break;
      const [, marker, content] = m;
      const words = content.split(/ (?!§)/);
      let fit = words[0];
      let k = 1;
      while (k < words.length && marker.length + fit.length + 1 + words[k].length <= WIDTH) fit += ` ${words[k++]}`;
      if (k >= words.length) break;
      const overflow = words.slice(k).join(' ');
      lines[j] = marker + fit;
      const next = lines[j + 1];
      const n = next === undefined ? null : COMMENT_LINE.exec(next);
      if (n && n[1] === marker && n[2].trim() !== '' && !STARTS_OWN.test(n[2])) lines[j + 1] = marker + overflow + ' ' + n[2];
      else lines.splice(j + 1, 0, marker + overflow);
      carry = true;
    }
  }
  return lines.join('\n');
}

/** Rewrites one file's text; returns it and how many citations it mapped. */
export function rewrite(text, file = '') {
  const forms = [...CITATIONS].sort((a, b) => b[0].length - a[0].length);
  let mapped = 0;
  for (const [form, target, only] of forms) {
    if (only && !only.test(file)) continue;
    const pattern = formPattern(form);
    const to = expand(target);
    let from = 0;
    for (;;) {
      pattern.lastIndex = from;
      const m = pattern.exec(text);
      if (!m) break;
      const r = replaceAt(text, m.index, m[0].length, to);
      text = r.text;
      from = r.next;
      mapped++;
    }
  }
  return { text: mapped ? reflow(text) : text, mapped };
}

/** Every citation of the outside documents left in a text, with its line. */
export function leftovers(text) {
  return [...text.matchAll(LEFTOVER)].map((m) => ({ line: text.slice(0, m.index).split('\n').length, text: m[0].replace(/\s+/g, ' ') }));
}

const SKIP_DIRS = new Set(['node_modules', 'dist', '.vscode-test', 'test-results', 'coverage', 'reports', '.stryker-tmp']);
const SKIP_FILES = new Set([path.join('docs', 'service-api'), path.join('scripts', 'cite-service-api.mjs'), path.join('test', 'unit', 'lint', 'citations.test.ts')]);
const EXTENSIONS = /\.(?:[cm]?[jt]sx?|md|css|html|ya?ml|sql)$/;

export function filesUnder(paths) {
  const out = [];
  const visit = (p) => {
    const rel = path.relative(root, p);
    if (SKIP_FILES.has(rel) || !fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      if (SKIP_DIRS.has(path.basename(p))) return;
      for (const e of fs.readdirSync(p).sort()) visit(path.join(p, e));
    } else if (EXTENSIONS.test(p)) out.push(p);
  };
  for (const p of paths) visit(path.resolve(root, p));
  return out;
}

function main() {
  const args = process.argv.slice(2);
  const dryRun = args.includes('--dry-run');
  const targets = args.filter((a) => a !== '--dry-run');
  let mapped = 0;
  let changedFiles = 0;
  const unmapped = [];
  for (const file of filesUnder(targets.length ? targets : ['src', 'test', 'docs', 'emulator'])) {
    const before = fs.readFileSync(file, 'utf8');
    const r = rewrite(before, path.relative(root, file).split(path.sep).join('/'));
    mapped += r.mapped;
    if (r.text !== before) {
      changedFiles++;
      if (!dryRun) fs.writeFileSync(file, r.text);
    }
    const rel = path.relative(root, file).split(path.sep).join('/');
    const bare = RULE_CHECKED.some((d) => rel.startsWith(d)) ? bareRules(r.text) : [];
    for (const l of [...leftovers(r.text), ...bare]) unmapped.push(`${rel}:${l.line}: ${l.text}`);
  }
  console.log(`${dryRun ? 'would map' : 'mapped'} ${mapped} citation(s) in ${changedFiles} file(s); ${unmapped.length} not mapped`);
  for (const u of unmapped) console.log(`  not mapped: ${u}`);
  process.exitCode = unmapped.length ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
