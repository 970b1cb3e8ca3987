// Starts the emulator in-process on a free port with a fresh data folder, for
// tests that talk to it over real HTTP (the package's testing entry).
export { startTestEmulator as startEmulator, manualClock, type TestEmulator } from '../../src/testing';
