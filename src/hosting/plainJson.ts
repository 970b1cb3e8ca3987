// What @octokit/request parses and writes JSON with, in the extension's
// bundle: `JSON` itself, in place of json-with-bigint (esbuild.mjs, `alias`).
// On Node 20 (VS Code's extension host) json-with-bigint parses by
// rewriting the whole text with a regular expression and then reviving every
// value: ~11× the time of `JSON.parse` for a page of 100 repositories (1.7
// against 0.15 ms, plain Node), paid for every page every view reads, and
// 15–30 ms of a starting extension host in its CPU profile. The service's
// numbers are all within 2^53 (ids, counts, sizes), and the schemas expect
// numbers: a `bigint` would fail them anyway.

export const JSONParse: typeof JSON.parse = JSON.parse;
export const JSONStringify: typeof JSON.stringify = JSON.stringify;
