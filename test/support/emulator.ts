// The emulator in-process on a free port with a fresh data folder, for the
// extension's tests that talk to it over real HTTP: the emulator package's
// testing entry (its database and app are there for white-box set-ups).
export { startTestEmulator as startEmulator, addUser, addApplication, manualClock, type TestEmulator, type TestApplication } from '@repodesk/emulator/testing';
