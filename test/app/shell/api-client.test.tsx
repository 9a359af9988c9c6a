import { expect } from '@open-wc/testing';
import { ApiError, errorMessage, GENERIC_ERROR, NETWORK_ERROR } from '../../../src/app/api/api-error.js';
import { createApiClient, withQuery } from '../../../src/app/api/client.js';
import { assetIdFromUrl } from '../../../src/app/api/file-assets.js';
import { createApi } from '../../../src/app/api/index.js';
import { FakeApi, reply } from './fake-api.js';
import { listedIssue, PROJECT_ID } from './fixtures.js';

describe('API client', () => {
  it('sends JSON with the session cookie (same origin) and reads the JSON answer', async () => {
    const fake = new FakeApi().on('POST', '/auth/sign-in', (request) => ({ echoed: request.body }));
    const client = createApiClient({ fetch: fake.fetch });
    const answer = await client.request<{ echoed: unknown }>('POST', '/auth/sign-in', { body: { email: 'a@b.test', password: 'secret' } });
    expect(answer.echoed).to.deep.equal({ email: 'a@b.test', password: 'secret' });
    const [request] = fake.requests;
    expect(request!.credentials).to.equal('same-origin');
    expect(request!.headers.get('content-type')).to.equal('application/json');
    expect(request!.headers.get('accept')).to.equal('application/json');
  });

  it("throws an ApiError with the status and the server's error text", async () => {
    const fake = new FakeApi().on('POST', '/workspaces', () => reply(409, { error: 'This workspace URL is already taken.' }));
    const client = createApiClient({ fetch: fake.fetch });
    const error = await client.request('POST', '/workspaces', { body: { name: 'A', slug: 'a' } }).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(ApiError);
    expect((error as ApiError).status).to.equal(409);
    expect((error as ApiError).message).to.equal('This workspace URL is already taken.');
    expect(errorMessage(error)).to.equal('This workspace URL is already taken.');
  });

  it('keeps the whole refusal body, for answers that carry more than a sentence', async () => {
    const current = { description_html: '<p>Theirs</p>', version: 5 };
    const fake = new FakeApi().on('PUT', '/x', () => reply(409, { error: 'Stale.', current }));
    const error = (await createApiClient({ fetch: fake.fetch }).request('PUT', '/x', { body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.body?.current).to.deep.equal(current);
  });

  it('uses the generic text when a refusal has no error text', async () => {
    const fetch = async () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
    const error = (await createApiClient({ fetch }).request('GET', '/users/me').catch((e: unknown) => e)) as ApiError;
    expect(error.status).to.equal(502);
    expect(error.message).to.equal(GENERIC_ERROR);
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    const fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    const error = (await createApiClient({ fetch }).request('GET', '/users/me').catch((e: unknown) => e)) as ApiError;
    expect(error.status).to.equal(0);
    expect(error.message).to.equal(NETWORK_ERROR);
  });

  it('lets an abort through as it is', async () => {
    const controller = new AbortController();
    controller.abort();
    const fetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
      init?.signal?.throwIfAborted();
      return new Response(null, { status: 204 });
    };
    const error = await createApiClient({ fetch }).request('GET', '/users/me', { signal: controller.signal }).catch((e: unknown) => e);
    expect((error as DOMException).name).to.equal('AbortError');
  });

  it('answers undefined for 204 and prefixes every path with /api', async () => {
    const fake = new FakeApi().on('POST', '/auth/sign-out', () => undefined);
    expect(await createApiClient({ fetch: fake.fetch }).request('POST', '/auth/sign-out')).to.equal(undefined);
    expect(fake.requests[0]!.path).to.equal('/api/auth/sign-out');
  });

  it('sends FormData as multipart, never as JSON', async () => {
    const fake = new FakeApi().on('POST', '/workspaces/:slug/file-assets', () => reply(201, { id: 'x', asset: '/a' }));
    const api = createApi(createApiClient({ fetch: fake.fetch }));
    const file = new File(['png'], 'shot.png', { type: 'image/png' });
    expect(await api.fileAssets.upload('acme', file, { entity_name: 'ISSUE_DESCRIPTION' })).to.deep.equal({ id: 'x', asset: '/a' });
    const [request] = fake.requests;
    expect(request!.path).to.equal('/api/workspaces/acme/file-assets/');
    expect(request!.headers.get('content-type')).to.equal(null);
    const form = request!.body as FormData;
    expect((form.get('asset') as File).name).to.equal('shot.png');
    expect(JSON.parse(form.get('attributes') as string)).to.deep.equal({ entity_name: 'ISSUE_DESCRIPTION' });
  });

  it('builds query strings, joining lists with commas and leaving out empty values', () => {
    expect(withQuery('/x', { a: 'b c', n: 2, none: undefined, nil: null, list: ['1', '2'], empty: [] })).to.equal('/x?a=b+c&n=2&list=1%2C2');
    expect(withQuery('/x', {})).to.equal('/x');
  });

  it('reads a list page and its total from x-total-count', async () => {
    const fake = new FakeApi().on('GET', '/workspaces/:slug/projects/:projectId/issues', (request) =>
      reply(request.query.get('limit') === '50' && request.query.get('archived') === 'true' ? 200 : 400, [listedIssue(1)], { 'x-total-count': '42' }),
    );
    const api = createApi(createApiClient({ fetch: fake.fetch }));
    const page = await api.issues.list('acme', PROJECT_ID, { limit: 50, archived: true });
    expect(page.total).to.equal(42);
    expect(page.issues).to.have.length(1);
  });

  it('sends bulk delete as DELETE with the issue ids and the workspace tab as a query', async () => {
    const fake = new FakeApi()
      .on('DELETE', '/workspaces/:slug/projects/:projectId/bulk-delete-issues', (request) => ({ deleted: (request.body as { issue_ids: string[] }).issue_ids.length }))
      .on('GET', '/workspaces/:slug/issues', () => []);
    const api = createApi(createApiClient({ fetch: fake.fetch }));
    expect(await api.issues.bulkDelete('acme', PROJECT_ID, ['a', 'b'])).to.deep.equal({ deleted: 2 });
    await api.issues.workspaceTab('acme', 'subscribed');
    expect(fake.sent('GET', '/workspaces/acme/issues')[0]!.query.get('tab')).to.equal('subscribed');
  });

  it("finds the asset id in an uploaded file's address, and nothing in others", () => {
    const ws = '33333333-3333-4333-8333-333333333333';
    const asset = '77777777-7777-4777-8777-777777777777';
    expect(assetIdFromUrl(`/api/workspaces/file-assets/${ws}/${asset}`)).to.equal(asset);
    expect(assetIdFromUrl(`http://localhost:3000/api/workspaces/file-assets/${ws}/${asset}/`)).to.equal(asset);
    expect(assetIdFromUrl('https://images.example.test/cat.png')).to.equal(null);
    expect(assetIdFromUrl(`/api/users/file-assets/${asset}`)).to.equal(null);
  });
});
