// What this build's extension host offers, for the Node build: local files
// and processes (a local git, a folder on disk). The browser build replaces
// this file with host.web.ts. Menus read it as the `repodesk.localFiles`
// context key: VS Code's own `isWeb` is true in any browser workbench, also
// code-server's, whose Node extension host has both.
export const LOCAL_FILES = true;
// A port to listen on, for the OAuth redirect to this machine (src/oauth/loopback.ts).
export const LOOPBACK_RECEIVER = true;
