// The OAuth web flow and token creation, without vscode.
export { buildAuthorizeUrl, createState, type AuthorizeRequest } from './authorizeUrl';
export { exchangeCode, type ExchangeRequest, type ExchangedToken } from './exchange';
export { startLoopbackReceiver, type AuthorizationCode, type LoopbackOptions, type LoopbackReceiver } from './loopback';
export { createTokenWithPassword, tokenNote, type PasswordSignIn } from './passwordToken';
export { signInWithBrowser, type WebFlowOptions } from './webFlow';
export { parseScopes } from '../util/scopes';
export * from './errors';
