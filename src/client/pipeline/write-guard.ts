// Stage 3, the write guard: a write that could touch a record the harness did not create, any write
// under PROFILE=readonly, a destructive operation below PROFILE=full is refused here, before
// anything is encoded (the rules: src/client/guard.ts). A refusal is a harness error.
import { GuardError } from '../../core/errors.js';
import type { Profile } from '../../config/config.js';
import { pathMatcher } from '../../spec/catalogue.js';
import type { Catalogue } from '../../spec/types.js';
import { guardWrite } from '../guard.js';
import type { Ledger } from '../ledger.js';
import type { Addressed } from './request.js';

export interface WriteGuardContext {
  catalogue: Catalogue;
  profile: Profile;
  ledger: Ledger;
  specMarksDestructive: boolean;
}

export function guard(req: Addressed, ctx: WriteGuardContext): void {
  // With an override, the POST a server that ignores it would run instead.
  const wireOp = req.override ? ctx.catalogue.operations.find((o) => o.method === 'post' && pathMatcher(o.path)(req.path) !== undefined) : undefined;
  const { opts } = req;
  const verdict = guardWrite(
    { op: req.op, method: req.method, override: req.override, path: req.path, pathValues: req.pathValues, body: opts.body ?? (opts.multipart ? { ...opts.multipart } : undefined), wireOp },
    { profile: ctx.profile, ledger: ctx.ledger, specMarksDestructive: ctx.specMarksDestructive },
  );
  if (!verdict.allowed) throw new GuardError(`Refused by the write guard: ${verdict.reason}.`);
}
