/**
 * The one collaboration case every engine runs (the rest run in Chromium: test/element/collab/
 * collaboration.test.ts): two editors on separate connections, real keys in both, converging,
 * and undo taking back only one's own typing.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { closeAll, converged, sharedEditor, startServer, undoUntil, type SharedEditor } from './helpers.js';

describe('editing together in every engine', () => {
  it('two editors type with real keys, converge, and undo only their own typing', async () => {
    const server = await startServer();
    const editors: SharedEditor[] = [];
    try {
      const ann = await sharedEditor(server.url, 'ann');
      editors.push(ann);
      const bob = await sharedEditor(server.url, 'bob');
      editors.push(bob);
      ann.el.focusAt('end');
      await sendKeys({ type: 'Ann writes.' });
      await converged([ann, bob], ['Ann writes.']);
      bob.el.focusAt('end');
      await sendKeys({ type: ' Bob adds.' });
      await converged([ann, bob], ['Ann writes. Bob adds.']);
      await undoUntil(bob, 'Ann writes.', { kept: 'Ann writes.', most: ' Bob adds.'.length });
      await converged([ann, bob], ['Ann writes.']);
      expect(ann.el.getHTML()).to.equal('<p>Ann writes.</p>');
    } finally {
      closeAll(editors);
      await server.stop();
    }
  });
});
