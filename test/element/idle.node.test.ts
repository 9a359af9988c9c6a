import { expect } from 'chai';
import { IDLE_TIMEOUT_MS, whenIdle } from '../../src/element/idle.js';
import { onlyWhenIdle } from '../../src/element/node-views/ahead.js';
import { heldIdleTime, type HeldIdleTime } from '../helpers/held-idle.js';

describe('idle work', () => {
  let idle: HeldIdleTime;
  beforeEach(() => (idle = heldIdleTime()));
  afterEach(() => idle.restore());

  it('work done ahead of need (onlyWhenIdle) asks for no timeout: it runs in an idle period, however long the page is busy', () => {
    const ran: string[] = [];
    onlyWhenIdle(() => ran.push('ahead'));
    onlyWhenIdle(() => ran.push('ahead, later'));
    expect(idle.asked(), 'no timeout asked for').to.deep.equal([undefined, undefined]);
    expect(ran).to.deep.equal([]);
    idle.give(3);
    expect(ran, 'in order, in the first idle period').to.deep.equal(['ahead', 'ahead, later']);
  });

  it('work that must happen (whenIdle) runs within IDLE_TIMEOUT_MS, idle or not', () => {
    const ran: string[] = [];
    whenIdle(() => ran.push('chunk'));
    expect(idle.asked()).to.deep.equal([{ timeout: IDLE_TIMEOUT_MS }]);
    idle.give(0, true);
    expect(ran).to.deep.equal(['chunk']);
  });
});
