// Granted scopes: from the exchange's `scope` field or a response's `X-OAuth-Scopes`.
export { parseScopes } from '../hosting/scopes';
