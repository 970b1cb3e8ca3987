// The persistent delivery queue behind webhooks
// (docs/service-api/hosting/webhooks §6, §8–§11): headers of every delivery,
// signature, retries with backoff a bounded number of times, redelivery,
// resuming.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../src/db';
import { DeliveryQueue, deliveryMigrations, type DeliveryRow } from '../src/hosting/hooks/queue';
import { signBody } from '../src/hosting/hooks/signature';
import { DEFAULT_DELIVERY_OPTIONS } from '../src/hosting/hooks/delivery-options';
import { startReceiver, until } from './webhook-receiver';

describe('webhook delivery queue (docs/service-api/hosting/webhooks §6, §9–§11)', () => {
  let dir: string;
  let db: Db;
  let queue: DeliveryQueue;
  const fast = { ...DEFAULT_DELIVERY_OPTIONS, baseDelayMs: 5, maxDelayMs: 20, maxAttempts: 3, timeoutMs: 2000 };
  const row = (id: number) => db.prepare('SELECT * FROM hook_deliveries WHERE id = ?').get(id) as DeliveryRow;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-queue-'));
    db = openDatabase(dir, deliveryMigrations);
    queue = new DeliveryQueue(db, fast);
    queue.start();
  });
  afterEach(async () => {
    await queue.stop();
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('POSTs with X-Service-Event, X-Service-Delivery, X-Hub-Signature, Service-Hookshot User-Agent and Content-Length (docs/service-api/hosting/webhooks §8)', async () => {
    const receiver = await startReceiver(() => 200);
    try {
      const d = queue.enqueue({ hookId: 1, event: 'push', payload: { foo: 'bar' }, url: receiver.url, contentType: 'json', secret: 'mysecret' });
      await until(() => row(d.id).state === 'delivered', 'delivery');
      const [got] = receiver.received;
      assert.equal(got!.body, '{"foo":"bar"}');
      assert.equal(got!.headers['x-service-event'], 'push');
      assert.equal(got!.headers['x-service-delivery'], d.guid);
      assert.equal(got!.headers['x-hub-signature'], 'sha1=d03207e4b030cf234e3447bac4d93add4c6643d8');
      assert.match(got!.headers['user-agent']!, /^Service-Hookshot\//);
      assert.equal(got!.headers['content-type'], 'application/json');
      assert.equal(got!.headers['content-length'], String(Buffer.byteLength(got!.body)));
      const done = row(d.id);
      assert.equal(done.status, 'OK');
      assert.equal(done.status_code, 200);
      assert.equal(done.response_body, 'thanks');
      assert.equal(done.attempts, 1);
      assert.ok(done.duration_ms !== null && done.duration_ms >= 0);
    } finally {
      await receiver.close();
    }
  });

  it('no secret — no X-Hub-Signature; each delivery has its own X-Service-Delivery', async () => {
    const receiver = await startReceiver(() => 200);
    try {
      const a = queue.enqueue({ hookId: 1, event: 'ping', payload: {}, url: receiver.url, contentType: 'json' });
      const b = queue.enqueue({ hookId: 1, event: 'ping', payload: {}, url: receiver.url, contentType: 'json' });
      await until(() => receiver.received.length === 2, 'two deliveries');
      assert.notEqual(a.guid, b.guid);
      assert.deepEqual(new Set(receiver.received.map((r) => r.headers['x-service-delivery'])), new Set([a.guid, b.guid]));
      for (const r of receiver.received) assert.equal(r.headers['x-hub-signature'], undefined);
    } finally {
      await receiver.close();
    }
  });

  it('content_type form — form body signed over its exact bytes', async () => {
    const receiver = await startReceiver(() => 200);
    try {
      queue.enqueue({ hookId: 1, event: 'push', payload: { foo: 'bar & baz' }, url: receiver.url, contentType: 'form', secret: 's3cret' });
      const got = await until(() => receiver.received[0], 'delivery');
      assert.equal(got.headers['content-type'], 'application/x-www-form-urlencoded');
      assert.deepEqual(JSON.parse(new URLSearchParams(got.body).get('payload')!), { foo: 'bar & baz' });
      assert.equal(got.headers['x-hub-signature'], signBody('s3cret', got.body));
    } finally {
      await receiver.close();
    }
  });

  it('retries — a 500 receiver is retried with backoff and succeeds when it recovers', async () => {
    let calls = 0;
    const receiver = await startReceiver(() => (++calls < 3 ? 500 : 200));
    try {
      const d = queue.enqueue({ hookId: 1, event: 'push', payload: { n: 1 }, url: receiver.url, contentType: 'json' });
      await until(() => row(d.id).state === 'delivered', 'recovery');
      assert.equal(row(d.id).attempts, 3);
      assert.equal(receiver.received.length, 3);
      assert.deepEqual(new Set(receiver.received.map((r) => r.headers['x-service-delivery'])), new Set([d.guid]));
    } finally {
      await receiver.close();
    }
  });

  it('retries — bounded: after maxAttempts the delivery is failed with the last answer recorded', async () => {
    const receiver = await startReceiver(() => 500);
    try {
      const d = queue.enqueue({ hookId: 1, event: 'push', payload: {}, url: receiver.url, contentType: 'json' });
      await until(() => row(d.id).state === 'failed', 'failure');
      await new Promise((r) => setTimeout(r, 60));
      assert.equal(receiver.received.length, 3);
      assert.equal(row(d.id).status, 'Invalid HTTP Response: 500');
      assert.equal(row(d.id).status_code, 500);
      assert.equal(row(d.id).next_attempt_at, null);
    } finally {
      await receiver.close();
    }
  });

  it('retries — an unreachable receiver is recorded as a failed delivery, not a crash', async () => {
    const receiver = await startReceiver(() => 200);
    const url = receiver.url;
    await receiver.close();
    const d = queue.enqueue({ hookId: 1, event: 'push', payload: {}, url, contentType: 'json' });
    await until(() => row(d.id).state === 'failed', 'failure');
    assert.match(row(d.id).status, /^Delivery failed: /);
    assert.equal(row(d.id).status_code, null);
  });

  it('redelivery — sends the recorded body again as a new delivery, signed with the current secret', async () => {
    const receiver = await startReceiver(() => 200);
    try {
      const d = queue.enqueue({ hookId: 1, event: 'push', payload: { foo: 'bar' }, url: receiver.url, contentType: 'json', secret: 'old' });
      await until(() => row(d.id).state === 'delivered', 'first delivery');
      const again = queue.redeliver(row(d.id), { url: receiver.url, secret: 'mysecret' });
      await until(() => row(again.id).state === 'delivered', 'redelivery');
      const second = receiver.received[1]!;
      assert.equal(second.body, '{"foo":"bar"}');
      assert.equal(second.headers['x-hub-signature'], 'sha1=d03207e4b030cf234e3447bac4d93add4c6643d8');
      assert.notEqual(second.headers['x-service-delivery'], d.guid);
      assert.equal(row(again.id).redelivery_of, d.id);
    } finally {
      await receiver.close();
    }
  });

  it('persistence — a delivery left pending by a stopped worker is sent when a new worker starts', async () => {
    const receiver = await startReceiver(() => 200);
    try {
      await queue.stop();
      const d = queue.enqueue({ hookId: 1, event: 'push', payload: {}, url: receiver.url, contentType: 'json' });
      await new Promise((r) => setTimeout(r, 30));
      assert.equal(receiver.received.length, 0);
      queue = new DeliveryQueue(db, fast);
      queue.start();
      await until(() => row(d.id).state === 'delivered', 'resumed delivery');
    } finally {
      await receiver.close();
    }
  });
});
