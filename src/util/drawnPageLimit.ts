// The largest page drawing (in UTF-16 code units) a webview sends its host to
// be shown again at a new page's first paint (features/shared/webview/drawnPage.ts,
// features/shared/panels/webviewHtml.ts): a larger one is not kept, and the new
// page shows its heading until its script draws.
export const DRAWN_PAGE_MAX_CHARS = 1_500_000;
