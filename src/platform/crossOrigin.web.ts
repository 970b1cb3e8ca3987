// The browser build (see crossOrigin.ts): a web worker's fetch follows CORS.
export const CALLS_ACROSS_ORIGINS = true;
