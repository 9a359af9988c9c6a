import { expect } from '@open-wc/testing';
import { can, Role, roleName } from '../../../src/app/roles.js';

describe('roles', () => {
  it('has the spec numbers', () => {
    expect(Role).to.deep.equal({ Guest: 5, Viewer: 10, Member: 15, Admin: 20 });
  });

  it('lets a role do what needs its own level or lower', () => {
    expect(can(Role.Member, Role.Member)).to.equal(true);
    expect(can(Role.Admin, Role.Member)).to.equal(true);
    expect(can(Role.Viewer, Role.Member)).to.equal(false);
    expect(can(Role.Guest, Role.Guest)).to.equal(true);
  });

  it('lets no role (not a member, not loaded) do anything', () => {
    expect(can(undefined, Role.Guest)).to.equal(false);
    expect(can(null, Role.Guest)).to.equal(false);
  });

  it('names the roles', () => {
    expect([5, 10, 15, 20, 7].map(roleName)).to.deep.equal(['Guest', 'Viewer', 'Member', 'Admin', 'Unknown']);
  });
});
