// As routes are registered: a path the spec gives PUT but not PATCH (or the other way round) is
// routed for the missing method too, to the same operation.
import type { Operation } from '../../../src/spec/types.js';
import { defineFault } from '../types.js';

const TWINS: Readonly<Record<string, string>> = { put: 'patch', patch: 'put' };

export default defineFault({
  name: 'undeclared-method-served',
  description: 'A method the spec does not declare on a path (e.g. PATCH /customers/{id}) is served like PUT instead of 405.',
  catches: ['@check:unsupportedOperation'],
  area: 'core',
  http: {
    onRoute: (shop) => (route) => {
      const op = (route.config as { op?: Operation } | undefined)?.op;
      const twin = op ? TWINS[op.method] : undefined;
      if (!op || !twin || shop.spec.catalogue.operations.some((o) => o.path === op.path && o.method === twin)) return;
      route.method = [...(Array.isArray(route.method) ? route.method : [route.method]), twin.toUpperCase()];
    },
  },
});
