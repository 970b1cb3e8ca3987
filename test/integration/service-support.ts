// The service as another machine sees it: requests straight to the
// harness's emulator as ada (basic authentication), for what a test sets up
// or checks on the service itself.
import * as assert from 'node:assert/strict';

/** A request to the emulator as ada; the answer's JSON (undefined for 204 No Content). */
export async function asAda<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${process.env.REPODESK_TEST_EMULATOR_URL}${path}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from('ada:ada-demo-password').toString('base64')}`,
      'user-agent': 'integration-test',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${await res.clone().text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}
