// The conformance command for callers that start it with `node --import tsx src/cli/conformance.ts`
// (the self-tests, the real-shop phase): it loads conformance-main.ts in a namespace of its own, as
// the npm scripts' entry conformance.mjs does, which says why.
import { tsImport } from 'tsx/esm/api';

await tsImport('./conformance-main.ts', import.meta.url);
