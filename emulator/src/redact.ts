// Secrets never reach the log: query parameters that carry credentials are
// replaced before a URL is written anywhere.
const SECRET_PARAMS = /([?&](?:access_token|client_secret|code|password|apiKey|api_key|token)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}
