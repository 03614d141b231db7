/**
 * CLI: `npx tsx test/stand-in/main.ts [--port 8787] [--storage-port 8788] [--key KEY] [--dialect NAME] [--step-ms N]`
 * Prints one JSON line `{"baseUrl","storageUrl","apiKey"}` on stdout once listening, logs requests
 * to stderr, and exits cleanly on SIGINT/SIGTERM.
 */
import { isPresetName, PRESET_NAMES } from './dialect.ts';
import { createStandIn } from './server.ts';
import type { StandInOptions } from './server.ts';

function usage(message: string): never {
  console.error(`${message}\nUsage: tsx test/stand-in/main.ts [--port 8787] [--storage-port 8788] [--key KEY] [--dialect ${PRESET_NAMES.join('|')}] [--step-ms N] [--quiet]`);
  process.exit(2);
}

function parseArgs(argv: string[]): StandInOptions & { quiet: boolean } {
  const options: StandInOptions & { quiet: boolean } = { quiet: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) usage(`Missing value for ${flag}`);
      return v;
    };
    const int = (): number => {
      const v = value();
      if (!/^\d+$/.test(v)) usage(`${flag} needs a non-negative integer, got "${v}"`);
      return Number(v);
    };
    switch (flag) {
      case '--port':
        options.port = int();
        break;
      case '--storage-port':
        options.storagePort = int();
        break;
      case '--key':
        options.apiKey = value();
        break;
      case '--dialect': {
        const name = value();
        if (!isPresetName(name)) usage(`Unknown dialect "${name}"`);
        options.dialect = name;
        break;
      }
      case '--step-ms':
        options.processingStepMs = int();
        break;
      case '--quiet':
        options.quiet = true;
        break;
      case '--help':
      case '-h':
        usage('Local stand-in of the Conversation Intelligence Service.');
        break;
      default:
        usage(`Unknown argument "${arg}"`);
    }
  }
  return options;
}

const { quiet, ...options } = parseArgs(process.argv.slice(2));
const standIn = await createStandIn({
  ...options,
  onRequest: quiet
    ? undefined
    : (entry) => {
        const query = new URLSearchParams(entry.query).toString();
        process.stderr.write(`[stand-in] ${entry.server} ${entry.method} ${entry.path}${query ? `?${query}` : ''} → ${entry.status || 'dropped'}\n`);
      },
}).catch((err: unknown) => {
  console.error(`[stand-in] could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
process.stdout.write(`${JSON.stringify({ baseUrl: standIn.baseUrl, storageUrl: standIn.storageUrl, apiKey: standIn.apiKey })}\n`);

let closing = false;
const shutdown = (signal: string): void => {
  if (closing) return;
  closing = true;
  if (!quiet) process.stderr.write(`[stand-in] ${signal}: shutting down\n`);
  standIn.close().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
