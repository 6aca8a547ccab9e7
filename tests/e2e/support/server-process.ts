/**
 * Starts a built server process of its own (for start-up, shutdown and database tests), separate
 * from the shared server that Playwright starts for the journeys.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Variables for a child process; `undefined` removes one the test runner has. */
export type ProcessEnvironment = Record<string, string | undefined>;

function childEnvironment(...layers: ProcessEnvironment[]): NodeJS.ProcessEnv {
  const merged: ProcessEnvironment = Object.assign({}, ...layers);
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  return merged;
}

export interface RunningServer {
  url: string;
  dataDir: string;
  /** The pid of the process started (for `npm start`, the wrapper, not the server it spawns). */
  pid: number;
  output(): string;
  /** Resolves once the output contains `text`. */
  waitForOutput(text: string, timeoutMs?: number): Promise<void>;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
  /** Sends SIGKILL (a crash: nothing is flushed or closed) and resolves once the process is gone. */
  kill(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export function temporaryDataDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'storefront-e2e-process-'));
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Runs the command until it exits (for start-ups that must fail). */
export async function runToExit(
  environment: ProcessEnvironment,
  command: string[] = [process.execPath, 'build/server/index.js'],
  timeoutMs = 60_000,
  cwd?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const [program, ...args] = command;
  const child = spawn(program ?? process.execPath, args, {
    cwd,
    env: childEnvironment(process.env, environment),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await exited(child);
  clearTimeout(timer);
  return { code, stdout, stderr };
}

/** Starts a server and waits until /healthz answers (or the process dies). */
export async function startServerProcess(
  environment: ProcessEnvironment,
  options: {
    command?: string[];
    cwd?: string;
    readyTimeoutMs?: number;
    /**
     * The host name the tests reach it by (PUBLIC_URL's). docs/decisions/022: WebAuthn refuses an IP
     * address as the relying party, so the passkey journeys use `localhost`.
     */
    publicHost?: string;
  } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://${options.publicHost ?? '127.0.0.1'}:${port}`;
  const dataDir = environment.DATA_DIR ?? temporaryDataDir();
  const [program, ...args] = options.command ?? [process.execPath, 'build/server/index.js'];
  const child = spawn(program ?? process.execPath, args, {
    cwd: options.cwd,
    env: childEnvironment(
      process.env,
      {
        NODE_ENV: 'production',
        AUTH_SECRET: 'process-test-secret-process-test-secret',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        DATA_DIR: dataDir,
        DATABASE_URL: `pglite:${dataDir}/db`,
        // Where the tests reach it: their posts carry this origin, which the server checks.
        PUBLIC_URL: url,
      },
      environment,
      { PORT: String(port) },
    ),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  // Ready when the server logs that it serves; no polling, no sleeps.
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not become ready:\n${output}`));
    }, options.readyTimeoutMs ?? 90_000);
    const onOutput = () => {
      if (!output.includes('serving on http://')) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout?.on('data', onOutput);
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`server exited early:\n${output}`));
    });
  });

  // A server that dies under a test shows why: the test itself only sees refused connections.
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (stopping) return;
    process.stderr.write(
      `server on ${url} exited on its own (code ${code}, signal ${signal}); its output:\n${output}\n`,
    );
  });

  return {
    url,
    dataDir,
    pid: child.pid ?? 0,
    output: () => output,
    waitForOutput(text, timeoutMs = 30_000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!output.includes(text)) return;
          clearTimeout(timer);
          child.stdout?.off('data', check);
          child.stderr?.off('data', check);
          resolve();
        };
        const timer = setTimeout(() => {
          child.stdout?.off('data', check);
          child.stderr?.off('data', check);
          reject(new Error(`"${text}" never appeared in the output:\n${output}`));
        }, timeoutMs);
        child.stdout?.on('data', check);
        child.stderr?.on('data', check);
        check();
      });
    },
    async stop() {
      stopping = true;
      child.kill('SIGTERM');
      return exited(child);
    },
    async kill() {
      stopping = true;
      child.kill('SIGKILL');
      await exited(child);
    },
  };
}
