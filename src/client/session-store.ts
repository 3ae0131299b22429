// What a layer above the client keeps for the life of a worker's session (the data layer's reads
// of the target): the session holds one store and hands it to each of its clients, and each value
// is typed by the key its owner defines, so the client need not know what is kept. A new session
// (a self-test's fresh shop) starts with nothing read.

/** The key of one kept value, and how to make it the first time it is asked for. */
export interface StoreKey<T> {
  readonly name: string;
  create(): T;
}

export class SessionStore {
  private readonly values = new Map<StoreKey<unknown>, unknown>();

  /** The value kept under the key, made on first ask. */
  get<T>(key: StoreKey<T>): T {
    if (!this.values.has(key)) this.values.set(key, key.create());
    return this.values.get(key) as T;
  }
}
