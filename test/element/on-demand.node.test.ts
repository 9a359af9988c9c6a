import { expect } from 'chai';
import { unsafeCSS } from 'lit';
import { setLogger } from '../../src/core/log.js';
import { editingParts, onFirstCall, onPartsArrived, partStyles, provideParts } from '../../src/element/rich-editor/on-demand.js';

/** A chunk's load the test ends: `arrive` runs its module (which provides its part), `fail` refuses it. */
function heldLoad(name: string, part = true) {
  let arrive!: () => void;
  let fail!: (error: Error) => void;
  const load = onFirstCall(
    () =>
      new Promise<void>((resolve, reject) => {
        arrive = () => {
          provideParts({ [name]: name } as never, unsafeCSS(`.${name} {}`));
          resolve();
        };
        fail = reject;
      }),
    `${name} could not be loaded`,
    undefined,
    part,
  );
  return { load, arrive: () => arrive(), fail: (error: Error) => fail(error) };
}

/** Promise callbacks queued so far have run. */
const drained = () => new Promise<void>((resolve) => setImmediate(resolve));

// Each time an editor takes parts its shadow root adopts their CSS, which Firefox answers by
// styling every element there again: parts asked for together are told together.
describe('parts loaded on demand', () => {
  const told: string[][] = [];
  const warnings: string[] = [];
  let stop: () => void = () => {};
  let previousLogger: ReturnType<typeof setLogger>;
  beforeEach(() => {
    told.length = 0;
    warnings.length = 0;
    stop = onPartsArrived(() => told.push(Object.keys(editingParts()).sort()));
    previousLogger = setLogger({ error: () => {}, warn: (message) => warnings.push(message) });
  });
  afterEach(() => {
    stop();
    setLogger(previousLogger);
  });

  it('tells the editors once, when the last of the parts on their way has come or failed', async () => {
    const first = heldLoad('first');
    const second = heldLoad('second');
    const third = heldLoad('third');
    void first.load();
    void second.load();
    void third.load();
    first.arrive();
    await drained();
    expect(told, 'nothing while the others are on their way').to.deep.equal([]);
    expect(partStyles().some((text) => text.includes('.first')), 'its CSS is kept for when they are told').to.equal(true);
    third.arrive();
    await drained();
    expect(told).to.deep.equal([]);
    second.fail(new Error('gone'));
    await second.load();
    expect(told, 'once, with both arrived parts').to.have.length(1);
    expect(told[0]).to.include.members(['first', 'third']);
    expect(warnings).to.deep.equal(['second could not be loaded']);
  });

  it('tells at once a part that arrives with none other on its way, and waits for no load that is not a part', async () => {
    const writer = heldLoad('notAPart', false);
    void writer.load();
    const alone = heldLoad('alone');
    void alone.load();
    alone.arrive();
    await alone.load();
    expect(told, 'a load that is not a part holds nothing back').to.have.length(1);
    expect(told[0]).to.include('alone');
    // A module that provides a part without a load on its way (the library entries import them all).
    provideParts({ direct: 'direct' } as never);
    expect(told).to.have.length(2);
  });
});
