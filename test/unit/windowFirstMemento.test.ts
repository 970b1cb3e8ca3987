import assert from 'node:assert/strict';
import { WindowFirstMemento, type MementoLike } from '../../src/util/windowFirstMemento';

/**
 * A memento as VS Code's global state behaves: each write stores the whole
 * content, and `echo()` hands back an earlier stored content, as the workbench
 * does with this window's own writes a moment later.
 */
class EchoingMemento implements MementoLike {
  value: Record<string, unknown> = {};
  readonly stored: Record<string, unknown>[] = [];
  get<T>(key: string): T | undefined;
  get<T>(key: string, defaultValue: T): T;
  get<T>(key: string, defaultValue?: T): T | undefined {
    return key in this.value ? (this.value[key] as T) : defaultValue;
  }
  update(key: string, value: unknown): Promise<void> {
    this.value = { ...this.value, [key]: value };
    if (value === undefined) delete this.value[key];
    this.stored.push({ ...this.value });
    return Promise.resolve();
  }
  keys(): readonly string[] {
    return Object.keys(this.value);
  }
  /** The content stored by write `n` (0-based) comes back as the whole value. */
  echo(n: number): void {
    this.value = { ...this.stored[n]! };
  }
}

describe('WindowFirstMemento: what this window wrote reads back as written', () => {
  it("a value written twice reads the second after the first write's echo (the memento alone reads the first)", async () => {
    const memento = new EchoingMemento();
    const state = new WindowFirstMemento(memento);
    await state.update('account', 'ada');
    await state.update('account', 'charles');
    memento.echo(0);
    assert.equal(memento.get('account'), 'ada', 'the echo reverts the memento itself');
    assert.equal(state.get('account'), 'charles');
    assert.equal(state.get('account', 'nobody'), 'charles');
  });

  it('a key this window never wrote is read from the memento (another window wrote it), its default when absent', async () => {
    const memento = new EchoingMemento();
    await memento.update('elsewhere', { repo: 'charles' });
    const state = new WindowFirstMemento(memento);
    assert.deepEqual(state.get('elsewhere'), { repo: 'charles' });
    assert.equal(state.get('missing'), undefined);
    assert.equal(state.get('missing', 7), 7);
    await memento.update('elsewhere', { repo: 'ada' });
    assert.deepEqual(state.get('elsewhere'), { repo: 'ada' }, "another window's later write is seen");
  });

  it('a stored null is returned as null, not replaced by the default', async () => {
    const memento = new EchoingMemento();
    await memento.update('cleared', null);
    assert.equal(new WindowFirstMemento(memento).get('cleared', 'default'), null);
  });

  it('a key written undefined is gone: its default is given, and keys() leaves it out though an echo brings it back', async () => {
    const memento = new EchoingMemento();
    const state = new WindowFirstMemento(memento);
    await state.update('review', 'kept');
    await state.update('review', undefined);
    memento.echo(0);
    assert.equal(state.get('review'), undefined);
    assert.equal(state.get('review', 'none'), 'none');
    assert.deepEqual(state.keys(), []);
  });

  it("writes go through to the memento (kept across reloads), and keys() lists this window's and the memento's once each", async () => {
    const memento = new EchoingMemento();
    await memento.update('other', 1);
    const state = new WindowFirstMemento(memento);
    await state.update('account', 'ada');
    await state.update('other', 2);
    assert.deepEqual(memento.value, { other: 2, account: 'ada' });
    assert.deepEqual([...state.keys()].sort(), ['account', 'other']);
  });

  it("keys() lists a key this window wrote though an echo of an earlier write left it out of the memento's", async () => {
    const memento = new EchoingMemento();
    const state = new WindowFirstMemento(memento);
    await state.update('first', 1);
    await state.update('second', 2);
    memento.echo(0);
    assert.deepEqual(memento.keys(), ['first']);
    assert.deepEqual([...state.keys()].sort(), ['first', 'second']);
    assert.equal(state.get('second'), 2);
  });

  it('update resolves when the memento has stored the value', async () => {
    let stored = false;
    const slow: MementoLike = {
      get: () => undefined,
      keys: () => [],
      update: () => new Promise<void>((resolve) => setImmediate(() => ((stored = true), resolve()))),
    };
    await new WindowFirstMemento(slow).update('k', 1);
    assert.equal(stored, true);
  });
});
