// Whether the service is called across origins under the browser's CORS
// rules: not from Node (the Node build). The browser build replaces this file
// with crossOrigin.web.ts.
export const CALLS_ACROSS_ORIGINS = false;
