// The vendor word (option `vendor`). Any word renames the media types
// (`application/vnd.<word>.v3...`); `github` also follows the real service
// where its wire format differs from the documents' examples and clients rely
// on it (docs/EMULATOR.md, "--vendor github").

/** True under `--vendor github`. */
export function isGithubVendor(vendor: string): boolean {
  return vendor.toLowerCase() === 'github';
}

/** The word of the vendor's header names: `X-<word>-Event`, `X-<word>-Media-Type`, `<word>-Hookshot/…`. */
export function headerWord(vendor: string): string {
  return isGithubVendor(vendor) ? 'GitHub' : 'Service';
}
