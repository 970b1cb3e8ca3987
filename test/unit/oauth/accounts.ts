// Users and OAuth applications written straight into the emulator's
// database, and a free loopback port for a callback URL.
import net from 'node:net';
import { addApplication, addUser, type TestApplication, type TestEmulator } from '../../support/emulator';

export { addUser, type TestApplication };

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** An application whose registered callback is a free loopback port. */
export async function addLoopbackApplication(emu: TestEmulator, ownerId: number, suspended = false): Promise<TestApplication> {
  return addApplication(emu.db, ownerId, 'RepoDesk', `http://127.0.0.1:${await freePort()}/callback`, suspended);
}
