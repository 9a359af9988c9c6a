// An X display for browsers that need one (WebKitGTK's MiniBrowser has no headless mode).
import { spawn } from 'node:child_process';
import { findXvfb } from './browsers.mjs';

/**
 * Starts `Xvfb` (findXvfb's, else the one on PATH) on a display number it picks itself
 * (`-displayfd`, so two runs never race for one number) and resolves to `{ display: ':N', stop() }`
 * (stop resolves once the server has gone).
 */
export function startXvfb({ screen = '1280x1024x24' } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(findXvfb() ?? 'Xvfb', ['-displayfd', '3', '-screen', '0', screen, '-nolisten', 'tcp', '-noreset'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let number = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', (error) => reject(new Error(`Xvfb did not start: ${error.message}`)));
    child.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it gave a display: ${stderr.trim()}`)));
    child.stdio[3].on('data', (chunk) => {
      number += chunk;
      if (!number.includes('\n')) return;
      const exited = new Promise((done) => child.once('exit', done));
      /** Stops the server; resolves once it has gone. */
      const stop = () => {
        if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
        child.kill();
        return exited.then(() => {});
      };
      // A test run that ends without calling stop() must not leave the server behind.
      process.once('exit', stop);
      resolve({ display: `:${number.trim()}`, stop });
    });
  });
}
