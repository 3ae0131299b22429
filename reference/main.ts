// `npm run shop`: the reference shop alone on 127.0.0.1. `npm run shop -- --list-faults` prints the
// named faults, `-- --help` what it reads. A bad setting or a taken port ends the start with one line. Stops cleanly on SIGINT/SIGTERM. `SHOP_CHAOS=all-500` (bench) breaks every answer
// but what the preflight needs, `SHOP_CHAOS=overlap-500` answers 500 to overlapping list reads
// (http/chaos.ts). `SHOP_QUIRKS=a,b` switches on habits of real shops (quirks/).
import { printHelpAndExit, variableRows, wantsHelp } from '../src/core/help.js';
import { SHOP_FIELDS, shopOptionsFromEnv, ShopEnvError } from './env.js';
import { listFaults, UnknownFaultError } from './faults/registry.js';
import { chaosFromEnv } from './http/chaos.js';
import { UnknownQuirkError } from './quirks/registry.js';
import { createShop } from './shop.js';

const HELP = {
  usage: 'npm run shop -- [--list-faults]',
  about: 'Starts the reference shop alone on http://127.0.0.1:$PORT/shop1/api.php/v2 (our implementation of the whole API, with named faults to switch on) until Ctrl-C or SIGTERM.',
  sections: [
    { title: 'Options', rows: [['--list-faults', 'print every named fault with its description, and start nothing'], ['--help, -h', 'this help; starts nothing']] as [string, string][] },
    { title: 'Variables', rows: variableRows(SHOP_FIELDS) },
    { title: 'Exit codes', rows: ['0    stopped by Ctrl-C or SIGTERM', '1    the shop failed while starting or stopping', '2    a bad setting, or the port is taken'] },
  ],
};

/** A port another process holds, or one this user may not take: one line, no stack. */
function portProblem(err: unknown, port: number): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') return `port ${port} on 127.0.0.1 is already in use (another shop or server?); choose another with PORT=<n>, or PORT=0 for any free port.`;
  if (code === 'EACCES') return `port ${port} on 127.0.0.1 needs privileges this user lacks; use a port above 1023, or PORT=0 for any free port.`;
  return undefined;
}

async function main(): Promise<void> {
  if (wantsHelp(process.argv.slice(2))) printHelpAndExit(HELP);
  const unknown = process.argv.slice(2).filter((a) => a !== '--list-faults');
  if (unknown.length) throw new ShopEnvError(`unknown argument ${unknown[0]}; use --list-faults or --help.`);
  if (process.argv.includes('--list-faults')) {
    process.stdout.write(`${listFaults().join('\n')}\n`);
    return;
  }
  const opts = shopOptionsFromEnv();
  // SHOP_CHAOS (http/chaos.ts) is read here, not in env.ts, to keep it off the options everything
  // else shares.
  const chaos = chaosFromEnv(process.env.SHOP_CHAOS);
  let shop: Awaited<ReturnType<typeof createShop>>;
  try {
    shop = await createShop({ ...opts, host: '127.0.0.1', ...(chaos ? { chaos } : {}) });
  } catch (err) {
    const problem = portProblem(err, opts.port);
    if (problem) throw new ShopEnvError(problem);
    throw err;
  }
  const faults = opts.faults?.length ? ` with faults: ${opts.faults.join(', ')}` : '';
  const quirks = opts.quirks?.length ? ` with quirks: ${opts.quirks.join(', ')}` : '';
  process.stdout.write(`Reference shop listening on ${shop.url}${faults}${quirks}${chaos ? ` in chaos mode ${chaos}` : ''}\n`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal}: stopping the reference shop\n`);
    shop.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`error while stopping: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ShopEnvError || err instanceof UnknownFaultError || err instanceof UnknownQuirkError) {
    process.stderr.write(`Reference shop: ${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`Reference shop failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
