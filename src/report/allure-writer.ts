// How allure-playwright's results reach the disk: off the runner's thread and without a flush per
// file. Its own writer writes every result, container and attachment synchronously and syncs each
// to the disk (open, write, fsync, rename): in a full run ~1.5 s of fsync plus ~0.8 s of writes,
// all on the runner's one thread, which also hands tests to the workers and serves the embedded
// shop, so workers waited. Here a write is queued (Node's thread pool does it) and renamed into
// place when done, so a reader never sees half a file; the reporter awaits the queue in onEnd. The
// results are read only after the run (`npm run report`), and a machine that crashes mid-run loses
// that run's results either way.
import { mkdirSync } from 'node:fs';
import { copyFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The part of allure-js-commons' Writer this replaces (the rest stays with the original writer). */
export interface AllureWriter {
  writeResult(result: { uuid: string }): void;
  writeGroup(result: { uuid: string }): void;
  writeAttachment(distFileName: string, content: Buffer): void;
  writeAttachmentFromPath(distFileName: string, from: string): void;
}

let tmpCounter = 0;

export class QueuedAllureWriter implements AllureWriter {
  private made = false;
  private readonly pending = new Set<Promise<void>>();
  private readonly errors: string[] = [];

  constructor(private readonly resultsDir: string) {}

  writeResult(result: { uuid: string }): void {
    // Serialised now: allure-js-commons may change the object after handing it over.
    const text = JSON.stringify(result);
    this.publish(`${result.uuid}-result.json`, (tmp) => writeFile(tmp, text));
  }

  writeGroup(result: { uuid: string }): void {
    const text = JSON.stringify(result);
    this.publish(`${result.uuid}-container.json`, (tmp) => writeFile(tmp, text));
  }

  writeAttachment(distFileName: string, content: Buffer): void {
    this.publish(distFileName, (tmp) => writeFile(tmp, content));
  }

  writeAttachmentFromPath(distFileName: string, from: string): void {
    this.publish(distFileName, (tmp) => copyFile(from, tmp));
  }

  /** Waits for every queued write; names the files that could not be written. */
  async flush(): Promise<string[]> {
    while (this.pending.size) await Promise.all([...this.pending]);
    return this.errors.splice(0);
  }

  private publish(name: string, write: (tmp: string) => Promise<void>): void {
    if (!this.made) {
      mkdirSync(this.resultsDir, { recursive: true });
      this.made = true;
    }
    // Allure's reader skips dot files: a name it never reads until the rename.
    const tmp = path.join(this.resultsDir, `.allure-write-${process.pid}-${++tmpCounter}.tmp`);
    const job = write(tmp)
      .then(() => rename(tmp, path.join(this.resultsDir, name)))
      .catch((err: unknown) => {
        this.errors.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
      })
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }
}

/** Replaces the hot methods of a writer (allure-js-commons' FileSystemWriter) in place. */
export function queueWrites(writer: AllureWriter, resultsDir: string): QueuedAllureWriter {
  const queued = new QueuedAllureWriter(resultsDir);
  writer.writeResult = (r) => queued.writeResult(r);
  writer.writeGroup = (r) => queued.writeGroup(r);
  writer.writeAttachment = (n, c) => queued.writeAttachment(n, c);
  writer.writeAttachmentFromPath = (n, f) => queued.writeAttachmentFromPath(n, f);
  return queued;
}
