// The TypeScript loader this CLI starts with (tsx) transforms through esbuild, which keeps a
// service process (~17 MB of RSS) and, for synchronous transforms, a worker thread alive until
// the process exits. Only a cold tsx cache (a fresh clone, a file just edited) starts them, and
// once this CLI's own modules are loaded nothing needs them: Playwright transforms the config and
// the suites itself. A run against a target elsewhere carried the idle service as a fourth process
// of its tree. esbuild starts both again if anything asks later.
import { createRequire } from 'node:module';

interface Esbuild {
  stop(): Promise<void>;
}

/** Stops esbuild's service process and worker thread, if tsx started them; never throws. */
export function stopTranspiler(): void {
  let esbuild: Partial<Esbuild>;
  try {
    // The instance tsx loaded: the same file, so the same module (esbuild is tsx's dependency).
    esbuild = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'))('esbuild') as Partial<Esbuild>;
  } catch {
    return;
  }
  if (typeof esbuild.stop === 'function') esbuild.stop().catch(() => undefined);
}
