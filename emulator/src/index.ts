// The package's entry (`@repodesk/emulator`): start the emulator from a test
// or a script. The command line (`repodesk-emulator`) takes the same options.
export { startEmulator, type StartOptions, type RunningEmulator } from './start';
export { DEFAULT_PORT, type RateLimits } from './options';
export { DEMO_ORG, DEMO_CALLBACK_URL, demoPassword } from './scenario/demo';
export { OAUTH_APP_FILE } from './scenario/apply';
