// A quirk is a habit of a real shop that a path of the harness must cope with (SHOP_QUIRKS=a,b or
// createShop({ quirks: ['a'] })): GX 4.8 keeps one special offer per product, starts without
// category images, keeps an address it never serves. Unlike a named fault (reference/faults/), a
// quirk names no test that must fail over it (one may break a rule too, but catching that is a
// fault's proof); a self-test of the harness path that copes with it runs the shop with it on
// (test/harness/shop-habits.spec.ts).
//
// Its behaviour is a fault's (wraps of the shop's extension points, engine/points.ts, composed by
// faults/apply.ts), plus what the shop holds at start: the engine never asks which quirks are on.
import type { State } from '../engine/state.js';
import type { FaultBehaviour } from '../faults/types.js';

export interface Quirk extends FaultBehaviour {
  /** kebab-case, unique, e.g. `one-offer-per-product`. */
  name: string;
  /** One line: what the shop does. */
  description: string;
  /** The real shop that does it, and what was seen there. */
  seenOn: string;
  /** Changes what the shop holds at start, after the seed (and after every reset). */
  seed?: (state: State, uploadDir: string) => void;
}

/** A quirk as its file writes it; keeps the literal name, so that QuirkName is a union of the names. */
export function defineQuirk<const Q extends Quirk>(quirk: Q): Q {
  return quirk;
}
