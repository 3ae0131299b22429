// Breaks the harness on purpose for test/harness/harness-stop.spec.ts: preloaded into every process
// of a run (NODE_OPTIONS=--import=...), it lets the runner be and makes each Playwright worker (a
// process started from Playwright's worker entry script) die as it loads, as Node 22's workers do
// under lite mode.
if (/workerProcessEntry/.test(process.argv[1] ?? '')) throw new ReferenceError('StubAssembly is not defined (a worker that cannot load, on purpose)');
