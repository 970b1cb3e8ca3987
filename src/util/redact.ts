// Removes credentials from text before it is logged or shown: tokens in
// `Authorization` headers, credential query parameters and known token shapes.
const PATTERNS: Array<[RegExp, string]> = [
  [/((?:access_token|client_secret|code|password|apiKey|api_key|token)=)[^&\s#"']+/gi, '$1[redacted]'],
  [/(authorization:\s*(?:token|bearer|basic)\s+)\S+/gi, '$1[redacted]'],
  [/(\b(?:token|bearer|basic)\s+)[A-Za-z0-9._~+/=-]{16,}/gi, '$1[redacted]'],
];

export function redactSecrets(text: string): string {
  let out = text;
  for (const [re, repl] of PATTERNS) out = out.replace(re, repl);
  return out;
}
