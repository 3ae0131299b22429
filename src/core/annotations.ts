// Names of the Playwright annotations the fixtures write and the reporters read (what each means
// is said where it is read: src/report/kept-worker.ts). They sit
// here, below both, so the fixtures need not import a reporter (ARCHITECTURE.md, Layers).
export const KEPT_WORKER_ANNOTATION = 'kept-worker';
