// One collection of records with numeric ids: the generic store every resource group uses.
// Next to each record it keeps when it was created and last modified, and it keeps deleted
// records as tombstones so the `deleted=<date>` list filter can find them.
import type { Json } from './schema-tools.js';

export interface Meta {
  /** ISO timestamps. */
  created: string;
  modified?: string;
}

export interface Tombstone {
  record: Json;
  deleted: string;
}

export interface CollectionDump {
  nextId: number;
  records: Json[];
  meta: Record<string, Meta>;
  tombstones: Record<string, Tombstone>;
}

export class Collection {
  private readonly records = new Map<number, Json>();
  private readonly meta = new Map<number, Meta>();
  private readonly tombstones = new Map<number, Tombstone>();
  private nextId: number;

  constructor(
    readonly name: string,
    firstId = 1,
  ) {
    this.nextId = firstId;
  }

  get size(): number {
    return this.records.size;
  }

  has(id: number): boolean {
    return this.records.has(id);
  }

  get(id: number): Json | undefined {
    return this.records.get(id);
  }

  metaOf(id: number): Meta | undefined {
    return this.meta.get(id);
  }

  /** Records in id order. */
  all(): Json[] {
    return [...this.records.keys()].sort((a, b) => a - b).map((id) => this.records.get(id) as Json);
  }

  where(pred: (r: Json) => boolean): Json[] {
    return this.all().filter(pred);
  }

  deleted(): Tombstone[] {
    return [...this.tombstones.values()];
  }

  /** Reserves the id a new record will get (for records that refer to themselves). */
  peekId(): number {
    return this.nextId;
  }

  /** Stores a new record under the next id (or the id it carries, for seed data). */
  insert(record: Json, at: Date): Json {
    const id = typeof record.id === 'number' ? record.id : this.nextId;
    const stored = { ...record, id };
    this.records.set(id, stored);
    this.meta.set(id, { created: at.toISOString() });
    this.tombstones.delete(id);
    if (id >= this.nextId) this.nextId = id + 1;
    return stored;
  }

  /** Replaces a stored record (the id stays). */
  replace(id: number, record: Json, at: Date): Json {
    const stored = { ...record, id };
    this.records.set(id, stored);
    const m = this.meta.get(id) ?? { created: at.toISOString() };
    this.meta.set(id, { ...m, modified: at.toISOString() });
    return stored;
  }

  remove(id: number, at: Date): Json | undefined {
    const rec = this.records.get(id);
    if (!rec) return undefined;
    this.records.delete(id);
    this.meta.delete(id);
    this.tombstones.set(id, { record: rec, deleted: at.toISOString() });
    return rec;
  }

  /** Replaces everything with a dump (see State.restore). */
  load(dump: CollectionDump): void {
    const copy = structuredClone(dump);
    this.records.clear();
    this.meta.clear();
    this.tombstones.clear();
    for (const r of copy.records) this.records.set(r.id as number, r);
    for (const [id, m] of Object.entries(copy.meta)) this.meta.set(Number(id), m);
    for (const [id, t] of Object.entries(copy.tombstones)) this.tombstones.set(Number(id), t);
    this.nextId = copy.nextId;
  }

  dump(): CollectionDump {
    return structuredClone({
      nextId: this.nextId,
      records: this.all(),
      meta: Object.fromEntries(this.meta),
      tombstones: Object.fromEntries(this.tombstones),
    });
  }
}
