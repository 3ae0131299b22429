// `npm run conformance` and `npm run baseline:update`: the entry, plain JavaScript so that it needs
// no TypeScript loader of the whole process. It loads the command (conformance-main.ts) through
// tsx's import API, in a module namespace of its own. Two reasons, both measured on a quick run
// against the embedded shop:
// - A loader registered for the whole process (`node --import tsx`) also sits in front of every
//   require() Playwright makes of its own bundles in the runner: ~0.3-0.5 s more start.
// - Playwright transforms what the runner loads and keeps the result in its transform cache, which
//   workers read but never write. A module this command had loaded through tsx was never loaded
//   again by the runner, so it never reached the cache, and every worker of every run transformed
//   it again (the config and the 26 modules beneath it: ~1 s of each worker's start, on the run's
//   critical path). In its own namespace none of them is shared: the runner loads its own copy
//   through Playwright, from the cache after the first run.
// conformance.ts does the same for callers that start the command with `node --import tsx`.
import { tsImport } from 'tsx/esm/api';

await tsImport('./conformance-main.ts', import.meta.url);
