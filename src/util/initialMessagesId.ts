// The id of the JSON block in which the host writes a page's first messages
// (features/shared/panels/webviewHtml.ts) and the page reads them
// (features/shared/webview/channel.ts).
export const INITIAL_MESSAGES_ID = 'repodesk-initial-messages';
