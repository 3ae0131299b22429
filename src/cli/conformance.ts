// `npm run conformance`: the entry. It loads the command itself (conformance-main.ts) in a module
// namespace of its own, so none of the modules the command uses before the run is shared with the
// run. Why: Playwright transforms what the runner loads and keeps the result in its transform
// cache, and its workers read that cache but never write it. A module this command had already
// loaded through tsx was never loaded again by the runner, so it never reached the cache, and every
// worker of every run transformed it again (the config and the modules beneath it: ~0.8-1 s of a
// worker's start, on the run's critical path). The runner now loads its own copy of those modules,
// from the cache after the first run.
import { tsImport } from 'tsx/esm/api';

await tsImport('./conformance-main.ts', import.meta.url);
