// The rich-text worker when the server runs from its TypeScript sources (tests, `tsx`).
// piscina loads a worker file with require() when it can, and only tsx's require hook reaches
// worker threads, so the sources and everything they import were compiled as CommonJS:
// ProseMirror's CommonJS build, whose transpiled classes build each node about four times
// slower than its ES module build. Here tsx's ES module loader is registered in the thread and
// the worker imported through it, so it runs on the same modules as the bundle the built server
// runs (dist/server/rich-text-worker.mjs).
import { register } from 'tsx/esm/api';

register();
const { default: runRichTextTask } = await import('./rich-text-worker.ts');
export default runRichTextTask;
